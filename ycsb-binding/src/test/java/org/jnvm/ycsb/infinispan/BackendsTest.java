package org.jnvm.ycsb.infinispan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The binding alone has its own backends; the runner's rocksdb is named where to get it. */
class BackendsTest {
  @Test
  void theBindingAloneListsItsOwnBackendsInTheComparisonsOrder() {
    assertEquals(
        List.of(
            "volatile",
            "jpdt",
            "jpfa",
            "jpdt-all",
            "jpfa-all",
            "sifs",
            "jpdt-bytes",
            "jpdt-crc",
            "volatile-sifs"),
        Backends.all().stream().map(Backend::name).toList());
  }

  @Test
  void rocksdbWithoutTheRunnerIsRefusedNamingTheArtifactThatHasIt() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> Backends.byName("rocksdb"));
    assertTrue(e.getMessage().contains("name=rocksdb"), e.getMessage());
    assertTrue(e.getMessage().contains("org.jnvm:ycsb-runner"), e.getMessage());
  }
}

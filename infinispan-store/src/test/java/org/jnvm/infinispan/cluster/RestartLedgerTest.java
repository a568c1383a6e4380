package org.jnvm.infinispan.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The ledger beside a heap: absent means nothing stale; written whole, read back the same. */
class RestartLedgerTest {
  @Test
  void aHeapWithoutALedgerKnowsNothingStale(@TempDir Path dir) {
    RestartLedger l = RestartLedger.read(dir.resolve("n.heap"));
    assertTrue(l.stale().isEmpty());
    assertFalse(l.receiving());
  }

  @Test
  void writtenThenReadBack(@TempDir Path dir) throws Exception {
    Path heap = dir.resolve("n.heap");
    RestartLedger.read(heap).withStale(Set.of("b", "a")).withReceiving(true).write();
    assertEquals("stale=a,b\nreceiving=true\n", Files.readString(RestartLedger.fileOf(heap)));
    RestartLedger back = RestartLedger.read(heap);
    assertEquals(Set.of("a", "b"), back.stale());
    assertTrue(back.receiving());
    back.withStale(Set.of()).withReceiving(false).write();
    RestartLedger cleared = RestartLedger.read(heap);
    assertTrue(cleared.stale().isEmpty());
    assertFalse(cleared.receiving());
    assertFalse(Files.exists(dir.resolve("n.heap.ledger.tmp")), "no temporary file left");
  }
}

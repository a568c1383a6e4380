package org.jnvm.bench.support;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class CpuInfoTest {

  @Test
  void readsTheFirstCpusModelAndFlags() {
    CpuInfo c =
        CpuInfo.parse(
            List.of(
                "processor\t: 0",
                "vendor_id\t: AuthenticAMD",
                "model name\t: AMD EPYC",
                "flags\t\t: fpu clflush clflushopt clwb sse2",
                "",
                "processor\t: 1",
                "model name\t: Other",
                "flags\t\t: fpu"));
    assertEquals("AMD EPYC", c.model());
    assertTrue(c.has("clwb"));
    assertTrue(c.has("clflushopt"));
    assertFalse(c.has("clzero"));
  }

  @Test
  void missingFieldsAreUnknownAndEmpty() {
    CpuInfo c = CpuInfo.parse(List.of("processor : 0"));
    assertEquals("unknown", c.model());
    assertTrue(c.flags().isEmpty());
  }
}

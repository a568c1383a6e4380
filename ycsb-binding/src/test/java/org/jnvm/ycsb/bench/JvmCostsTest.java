package org.jnvm.ycsb.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class JvmCostsTest {
  @Test
  void concurrentCyclesAreNotPauses() {
    assertTrue(JvmCosts.isPause("G1 Young Generation"));
    assertTrue(JvmCosts.isPause("ZGC Pauses"));
    assertTrue(JvmCosts.isPause("PS MarkSweep"));
    assertFalse(JvmCosts.isPause("ZGC Cycles"));
    assertFalse(JvmCosts.isPause("ZGC Major Cycles"));
    assertFalse(JvmCosts.isPause("Shenandoah Cycles"));
  }

  @Test
  void residentMemoryFromProcStatus() {
    JvmCosts.Resident r =
        JvmCosts.parseStatus(
            List.of(
                "Name:\tjava",
                "VmRSS:\t  2097152 kB",
                "RssAnon:\t 1048576 kB",
                "RssShmem:\t  524288 kB"));
    assertEquals(2048, r.rssMb());
    assertEquals(512, r.shmMb());
  }

  /** A full collection inside a phase is counted in it; the live heap is what a GC leaves. */
  @Test
  void aPhaseCountsItsCollections() {
    JvmCosts costs = new JvmCosts();
    costs.start();
    long live = JvmCosts.liveHeapMb();
    JvmCosts.Phase p = costs.end();
    assertTrue(p.pauses() >= 2, () -> "two System.gc() calls, pauses=" + p.pauses());
    assertTrue(p.seconds() > 0);
    long max = Runtime.getRuntime().maxMemory() >> 20;
    assertTrue(live >= 0 && live <= max, () -> "live=" + live + " max=" + max);
  }
}

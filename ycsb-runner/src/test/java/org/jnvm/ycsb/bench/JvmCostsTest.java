package org.jnvm.ycsb.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;

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

  /** The count is field 10, after a command name that may hold spaces and parentheses. */
  @Test
  void minorFaultsFromProcStat() {
    String stat =
        "4242 (java (x) y) S 1 4242 4242 0 -1 4194560 123456 0 7 0 55 20 0 0 20 0 31 0 999";
    assertEquals(123456, JvmCosts.parseMinorFaults(stat));
    var e =
        assertThrows(IllegalArgumentException.class, () -> JvmCosts.parseMinorFaults("4242 (x) S"));
    assertTrue(e.getMessage().contains("4242 (x) S"), e::getMessage);
  }

  /** Touching memory never touched before faults pages in, and the phase counts them. */
  @Test
  @EnabledOnOs(OS.LINUX)
  void aPhaseCountsThePagesItTouchesFirst() throws Exception {
    long self = JvmCosts.parseMinorFaults(Files.readString(Path.of("/proc/self/stat")));
    assertTrue(self > 0, () -> "minflt=" + self);
    JvmCosts costs = new JvmCosts();
    costs.start();
    // 64 MiB: above glibc's largest mmap threshold (32 MiB), so fresh memory, never reused arena
    ByteBuffer fresh = ByteBuffer.allocateDirect(64 << 20);
    for (int at = 0; at < fresh.capacity(); at += 4096) fresh.put(at, (byte) 1);
    JvmCosts.Phase p = costs.end();
    // 16,384 small pages, or 32 huge ones where the kernel gives those.
    assertTrue(p.minorFaults() >= 32, () -> "minorFaults=" + p.minorFaults());
  }
}

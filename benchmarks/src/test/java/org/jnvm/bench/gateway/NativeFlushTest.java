package org.jnvm.bench.gateway;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import org.jnvm.bench.support.BenchHeap;
import org.jnvm.bench.support.CpuInfo;
import org.jnvm.bench.support.LineBlock;
import org.jnvm.core.pmem.Pmem;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The JNI baseline writes what it is given, on the lines it is given, with each instruction. */
class NativeFlushTest {
  private BenchHeap heap;
  private LineBlock block;

  @BeforeEach
  void libraryAndHeap() {
    if (onPath("gcc")) {
      // gcc was there at build time too, so the library must have been built and must load
      assertTrue(NativeFlush.available(), NativeFlush::problem);
    }
    assumeTrue(NativeFlush.available(), () -> "JNI baseline not built: " + NativeFlush.problem());
    heap = BenchHeap.create("native", 1 << 20);
    block = new LineBlock(heap.heap());
  }

  @AfterEach
  void close() {
    if (heap != null) heap.close();
  }

  @Test
  void storeFlushFenceWritesTheValueWithEveryInstructionTheCpuHas() {
    int tried = 0;
    for (Flush f : Flush.values()) {
      if (!CpuInfo.read().has(f.flag())) continue;
      NativeFlush.require(f);
      long a = block.lineAddress(f.ordinal());
      NativeFlush.store1(a, 1000 + f.code, f.code);
      assertEquals(1000 + f.code, Pmem.getLong(a), f.flag());
      tried++;
    }
    assertTrue(tried > 0, "the CPU lists no write-back instruction in /proc/cpuinfo");
  }

  @Test
  void theLoopLeavesItsLastValue() {
    Flush f = FlushChoice.runnable(Flush.CLFLUSHOPT, CpuInfo.read().flags());
    NativeFlush.store1Loop(block.lineAddress(0), 10, f.code, 5);
    assertEquals(14, Pmem.getLong(block.lineAddress(0)));
  }

  @Test
  void storeLinesWritesEveryLineAndNoOther() {
    Flush f = FlushChoice.runnable(Flush.CLWB, CpuInfo.read().flags());
    NativeFlush.storeLines(block.lineAddress(0), 3, 77, f.code);
    for (int i = 0; i < 3; i++) assertEquals(77, Pmem.getLong(block.lineAddress(i)), "line " + i);
    assertEquals(0, Pmem.getLong(block.lineAddress(3)));
    assertEquals(0, Pmem.getLong(block.lineAddress(0) + 8), "only the first word of a line");
  }

  @Test
  void cpuidAgreesWithProcCpuinfo() {
    for (Flush f : Flush.values()) {
      assertEquals(CpuInfo.read().has(f.flag()), NativeFlush.supported(f.code), f.flag());
    }
  }

  @Test
  void unknownInstructionCodesAreNotSupported() {
    assertFalse(NativeFlush.supported(0));
    assertFalse(NativeFlush.supported(99));
  }

  private static boolean onPath(String tool) {
    for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
      if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, tool))) return true;
    }
    return false;
  }
}

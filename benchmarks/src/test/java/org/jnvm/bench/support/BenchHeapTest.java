package org.jnvm.bench.support;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.jnvm.core.heap.Heap;
import org.jnvm.core.heap.HeapOptions;
import org.junit.jupiter.api.Test;

class BenchHeapTest {

  @Test
  void closeDeletesTheFileAndIsIdempotent() {
    BenchHeap b = BenchHeap.create("close", 1 << 20);
    Path p = b.path();
    assertTrue(Files.exists(p));
    assertTrue(p.getFileName().toString().startsWith("jnvm-bench-"), p.toString());
    b.close();
    assertFalse(Files.exists(p));
    b.close();
    assertNull(b.heap());
  }

  @Test
  void reopenRecoversWhatWasPublished() {
    try (BenchHeap b = BenchHeap.create("reopen", 1 << 20)) {
      Cell c = new Cell(b.heap(), 7);
      c.persist();
      b.heap().roots().put("c", c);
      Heap h = b.reopen(HeapOptions.DEFAULT.withRecoveryThreads(1));
      Cell again = h.roots().get("c");
      assertEquals(7, again.value());
      assertEquals(1, h.recoveryReport().threads());
    }
  }

  @Test
  void uniquePathsDiffer() {
    assertFalse(BenchHeap.uniquePath("x").equals(BenchHeap.uniquePath("x")));
  }
}

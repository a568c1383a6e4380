package org.jnvm.codegen;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.jnvm.codegen.api.Kinds;
import org.jnvm.core.JNVM;
import org.jnvm.core.heap.Heap;
import org.jnvm.core.heap.TestHeaps;
import org.jnvm.emulation.crash.CrashStats;
import org.jnvm.emulation.crash.CrashTest;
import org.junit.jupiter.api.Test;

/** Write-backs and fences of generated code, counted by the crash simulator. */
class CostTest {

  @Test
  void constructorsWriteTheirObjectBackOnceWithOneFence() throws Exception {
    try (TestHeaps t = new TestHeaps()) {
      Heap h = t.create("cost", 1 << 20);
      JNVM.use(h);
      Corpus.create("Derived", new Class<?>[] {long.class}, 1L); // registers the classes
      CrashStats s =
          CrashTest.count(h, heap -> Corpus.create("Derived", new Class<?>[] {long.class}, 2L));
      // the name's PString (written back, fenced), the name's reference (written back, fenced),
      // then the object by persist(), fenced; the five primitive stores add no write-back
      assertEquals(3, s.pwbs(), s.toString());
      assertEquals(3, s.fences(), s.toString());
    }
  }

  @Test
  void storesOutsideBlocksWriteBackTheirLineWithoutFence() throws Exception {
    try (TestHeaps t = new TestHeaps()) {
      Heap h = t.create("cost", 1 << 20);
      JNVM.use(h);
      Kinds k = Corpus.create("AllKinds", new Class<?>[] {int.class}, 1);
      CrashStats s = CrashTest.count(h, heap -> k.fill(2));
      assertEquals(8, s.pwbs(), s.toString());
      assertEquals(0, s.fences(), s.toString());
    }
  }
}

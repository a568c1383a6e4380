package org.jnvm.jpdt;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;
import org.jnvm.core.heap.Heap;
import org.jnvm.core.heap.PObject;
import org.jnvm.core.heap.PersistentClass;
import org.jnvm.core.heap.TestHeaps;
import org.jnvm.core.pmem.Pmem;
import org.jnvm.emulation.crash.CrashModel;
import org.jnvm.emulation.crash.CrashTest;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * {@link PLargeByteArray}: long indices across leaves, read and write spanning leaves, reopened;
 * durable when constructed (crash simulator); {@code freeDeep} returns every leaf; a 3 GiB array
 * (tag "large", {@code -Plarge-heaps}).
 */
class LargeByteArrayTest {
  static final int LEAF = 4096;

  @Test
  void elementsAndRangesAcrossLeavesSurviveReopening() throws Exception {
    try (TestHeaps t = new TestHeaps()) {
      Path p = t.path("large-array");
      long length = 10L * LEAF + 123;
      byte[] model = new byte[(int) length];
      Random r = new Random(7);
      try (Heap h = Heap.create(p, 8 << 20)) {
        PLargeByteArray a = new PLargeByteArray(h, length, LEAF);
        h.roots().put("a", a);
        assertEquals(length, a.length());
        for (int k = 0; k < 500; k++) {
          long i = Math.floorMod(r.nextLong(), length);
          a.set(i, (byte) k);
          model[(int) i] = (byte) k;
        }
        byte[] chunk = new byte[3 * LEAF + 17];
        r.nextBytes(chunk);
        a.write(LEAF - 5, chunk, 0, chunk.length);
        System.arraycopy(chunk, 0, model, LEAF - 5, chunk.length);
        assertThrows(IndexOutOfBoundsException.class, () -> a.get(length));
        assertThrows(IndexOutOfBoundsException.class, () -> a.set(-1, (byte) 1));
        assertThrows(IndexOutOfBoundsException.class, () -> a.write(length - 2, chunk, 0, 3));
      }
      try (Heap h = Heap.open(p)) {
        PLargeByteArray a = h.roots().get("a");
        byte[] all = new byte[(int) length];
        a.read(0, all, 0, all.length);
        assertArrayEquals(model, all);
        assertEquals(model[LEAF], a.get(LEAF));
        assertTrue(h.verify().ok(), h.verify().toString());
      }
    }
  }

  @Test
  void freeDeepReturnsTheLeavesAndTheSpine() throws Exception {
    try (TestHeaps t = new TestHeaps()) {
      Path p = t.path("large-array-free");
      long before;
      try (Heap h = Heap.create(p, 8 << 20)) {
        h.roots().put("a", new PLargeByteArray(h, LEAF, LEAF)); // array, spine, one leaf
      }
      try (Heap h = Heap.open(p)) {
        before = h.recoveryReport().liveObjects();
        PLargeByteArray small = h.roots().get("a");
        h.roots().put("a", new PLargeByteArray(h, 40L * LEAF, LEAF));
        small.freeDeep();
      }
      try (Heap h = Heap.open(p)) {
        assertEquals(before - 3 + 42, h.recoveryReport().liveObjects(), "array, spine, leaves");
        assertEquals(0, h.recoveryReport().reclaimed(), "freed at run time, not left to recovery");
        PLargeByteArray big = h.roots().get("a");
        h.roots().put("a", new PLargeByteArray(h, LEAF, LEAF));
        big.freeDeep();
      }
      try (Heap h = Heap.open(p)) {
        assertEquals(before, h.recoveryReport().liveObjects());
        assertEquals(0, h.recoveryReport().reclaimed(), "freed at run time, not left to recovery");
      }
    }
  }

  @Test
  void badLeafSizesAreRefused() throws Exception {
    try (TestHeaps t = new TestHeaps();
        Heap h = Heap.create(t.path("large-array-bad"), 4 << 20)) {
      IllegalArgumentException e =
          assertThrows(IllegalArgumentException.class, () -> new PLargeByteArray(h, 10, 5000));
      assertTrue(e.getMessage().contains("5000"), e.getMessage());
      assertThrows(NegativeArraySizeException.class, () -> new PLargeByteArray(h, -1, LEAF));
    }
  }

  /**
   * Built and published by a bare reference store in the workload: every image has no array or a
   * whole zeroed one, and a write acknowledged before the crash is in it. Fails without the
   * constructor's {@code persist()} (an image then holds an array whose fields are zero).
   */
  @Test
  void durableWhenConstructedAndWritten() {
    AtomicInteger acked = new AtomicInteger();
    byte[] data = new byte[LEAF + 64];
    Arrays.fill(data, (byte) 9);
    CrashTest.named("PLargeByteArray constructed, published, written")
        .model(CrashModel.EVICTION)
        .heapSize(1 << 20)
        .setup(
            heap -> {
              heap.free(new PLargeByteArray(heap, LEAF, LEAF)); // registers the classes
              Holder slot = new Holder(heap);
              slot.persist();
              heap.roots().put("slot", slot);
            })
        .workload(
            heap -> {
              Holder slot = heap.roots().get("slot");
              PLargeByteArray a = new PLargeByteArray(heap, 3L * LEAF, LEAF);
              slot.publish(a); // a bare reference store: the constructor alone made it durable
              acked.incrementAndGet();
              a.write(LEAF - 32, data, 0, data.length);
              acked.incrementAndGet();
            })
        .check(
            heap -> {
              Holder slot = heap.roots().get("slot");
              PLargeByteArray a = slot.get();
              if (acked.get() >= 1) assertTrue(a != null, "published before the crash");
              if (a == null) return;
              assertEquals(3L * LEAF, a.length());
              byte[] all = new byte[3 * LEAF];
              a.read(0, all, 0, all.length);
              byte[] expect = new byte[3 * LEAF];
              if (acked.get() >= 2) Arrays.fill(expect, LEAF - 32, 2 * LEAF + 32, (byte) 9);
              if (acked.get() >= 2) assertArrayEquals(expect, all);
              for (byte b : all) assertTrue(b == 0 || b == 9, "only old or new bytes");
            })
        .run();
  }

  @Tag("large")
  @Test
  void aThreeGiBArray() throws Exception {
    long length = 3L << 30;
    long[] marks = {0, (1L << 31) - 1, 1L << 31, (1L << 31) + 1, length - 1};
    try (TestHeaps t = new TestHeaps()) {
      Path p = t.path("large-array-3g");
      try (Heap h = Heap.create(p, 8L << 30)) {
        PLargeByteArray a = new PLargeByteArray(h, length);
        for (int k = 0; k < marks.length; k++) a.set(marks[k], (byte) (k + 1));
        byte[] span = new byte[1 << 20];
        Arrays.fill(span, (byte) 77);
        a.write((1L << 31) - (1 << 19), span, 0, span.length);
        h.roots().put("big", a);
      }
      try (Heap h = Heap.open(p)) {
        PLargeByteArray a = h.roots().get("big");
        assertEquals(length, a.length());
        assertEquals(1, a.get(0));
        assertEquals(5, a.get(length - 1));
        byte[] back = new byte[1 << 20];
        a.read((1L << 31) - (1 << 19), back, 0, back.length);
        for (byte b : back) assertEquals(77, b);
        assertEquals(0, a.get((1L << 31) + (1 << 20)));
      }
    }
  }

  /** One reference, published by a bare store: its word written back and fenced, nothing else. */
  static final class Holder extends PObject {
    static final PersistentClass<Holder> TYPE =
        PersistentClass.builder(Holder.class.getName(), (h, a) -> new Holder(h, a, null))
            .fixedSize(8)
            .refs(0)
            .layout("r:ref@0")
            .build();

    Holder(Heap heap) {
      super(heap, TYPE);
    }

    private Holder(Heap heap, long address, Resurrect r) {
      super(heap, address, r);
    }

    PLargeByteArray get() {
      return getRef(0);
    }

    void publish(PObject o) {
      setRef(0, o);
      pwbField(0);
      Pmem.pfence();
    }
  }
}

package org.jnvm.jpdt;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Arrays;
import org.jnvm.core.heap.Heap;
import org.jnvm.core.heap.TestHeaps;
import org.junit.jupiter.api.Test;

class ArraysTest {

  @Test
  void byteArrayGetSetAndBulkCopies() throws Exception {
    try (TestHeaps t = new TestHeaps()) {
      Heap heap = t.create("bytes", 1 << 20);
      byte[] src = new byte[300];
      for (int i = 0; i < src.length; i++) src[i] = (byte) i;
      PByteArray a = new PByteArray(heap, src);
      assertEquals(300, a.length());
      assertArrayEquals(src, a.toArray());
      a.set(5, (byte) -1);
      assertEquals(-1, a.get(5));
      a.write(100, new byte[] {9, 9, 9, 9}, 1, 3);
      byte[] back = new byte[5];
      a.read(99, back, 0, 5);
      assertArrayEquals(new byte[] {99, 9, 9, 9, 103}, back);
      assertEquals(0, new PByteArray(heap, 7).toArray()[6]);
      assertThrows(IndexOutOfBoundsException.class, () -> a.get(300));
      assertThrows(IndexOutOfBoundsException.class, () -> a.write(298, new byte[3], 0, 3));
      assertThrows(IndexOutOfBoundsException.class, () -> a.read(0, new byte[2], 1, 2));
      assertThrows(NegativeArraySizeException.class, () -> new PByteArray(heap, -1));
    }
  }

  @Test
  void byteArrayContentEquivalence() throws Exception {
    try (TestHeaps t = new TestHeaps()) {
      Heap heap = t.create("bytes-eq", 1 << 20);
      byte[] v = "content".getBytes();
      PByteArray a = new PByteArray(heap, v);
      assertTrue(a.contentEquals(v.clone()));
      assertTrue(a.contentEquals(new PByteArray(heap, v)));
      assertFalse(a.contentEquals("contenT".getBytes()));
      assertFalse(a.contentEquals(Arrays.copyOf(v, 8)));
      assertEquals(Arrays.hashCode(v), a.contentHash());
    }
  }

  @Test
  void longArraySetAndCompareAndSet() throws Exception {
    try (TestHeaps t = new TestHeaps()) {
      Heap heap = t.create("longs", 1 << 20);
      PLongArray a = new PLongArray(heap, new long[] {1, 2, 3});
      a.set(1, Long.MIN_VALUE);
      assertArrayEquals(new long[] {1, Long.MIN_VALUE, 3}, a.toArray());
      assertFalse(a.compareAndSet(0, 5, 6));
      assertTrue(a.compareAndSet(0, 1, 6));
      assertEquals(6, a.get(0));
      assertEquals(4, new PLongArray(heap, 4).length());
      assertThrows(IndexOutOfBoundsException.class, () -> a.set(3, 0));
    }
  }

  @Test
  void refArrayHoldsReferencesThatRecoveryFollows() throws Exception {
    try (TestHeaps t = new TestHeaps()) {
      Path p = t.path("refs");
      long withArrayOnly;
      try (Heap heap = Heap.create(p, 1 << 20)) {
        PRefArray<PString> a = new PRefArray<>(heap, 3);
        heap.roots().put("a", a);
        a.set(0, new PString(heap, "zero"));
        a.set(2, new PString(heap, "two"));
        assertNull(a.get(1));
        assertThrows(IndexOutOfBoundsException.class, () -> a.get(3));
      }
      try (Heap heap = Heap.open(p)) {
        withArrayOnly = heap.recoveryReport().liveObjects();
        PRefArray<PString> a = heap.roots().get("a");
        assertEquals("zero", a.get(0).toString());
        assertEquals("two", a.get(2).toString());
        a.set(2, null);
      }
      try (Heap heap = Heap.open(p)) {
        assertEquals(
            withArrayOnly - 1,
            heap.recoveryReport().liveObjects(),
            "the string no element references any more is reclaimed");
        assertEquals(1, heap.recoveryReport().reclaimed());
      }
    }
  }

  @Test
  void refArrayRefusesObjectsOfAnotherHeap() throws Exception {
    try (TestHeaps t = new TestHeaps()) {
      Heap a = t.create("refs-a", 1 << 20);
      Heap b = t.create("refs-b", 1 << 20);
      PRefArray<PString> arr = new PRefArray<>(a, 1);
      IllegalArgumentException e =
          assertThrows(IllegalArgumentException.class, () -> arr.set(0, new PString(b, "x")));
      assertTrue(e.getMessage().contains("cross heaps"), e.getMessage());
      assertNull(arr.get(0));
    }
  }
}

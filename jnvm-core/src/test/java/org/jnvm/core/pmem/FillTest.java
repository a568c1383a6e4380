package org.jnvm.core.pmem;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Arrays;
import org.jnvm.core.heap.Blob;
import org.jnvm.core.heap.Heap;
import org.jnvm.core.heap.ObjectLayout;
import org.jnvm.core.heap.TestHeaps;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@link Pmem#fill} sets exactly the bytes it is given (single bytes to an 8-byte boundary, 8-byte
 * stores, single bytes for a tail), and not one byte around them.
 */
class FillTest {
  private static final int ROOM = 2 * 4096 + 64;
  private static final byte SENTINEL = 0x5a;

  private TestHeaps heaps;
  private Heap heap;
  private Blob blob;

  @BeforeEach
  void blob() {
    heaps = new TestHeaps();
    heap = heaps.create("fill", 1 << 20);
    byte[] sentinels = new byte[ROOM];
    Arrays.fill(sentinels, SENTINEL);
    blob = new Blob(heap, sentinels);
  }

  @AfterEach
  void close() throws Exception {
    heaps.close();
  }

  @ParameterizedTest
  @ValueSource(ints = {0, 1, 7, 8, 9, 63, 64, 65, 1088, 4095, 4096, 4097, 8192})
  void fillsExactlyTheRangeAtAnyAlignment(int len) {
    for (int offset : new int[] {8, 16, 1, 3}) { // aligned, then not (a head of single bytes)
      for (byte value : new byte[] {0, (byte) 0xa5}) {
        check(offset, len, value);
      }
    }
  }

  @Test
  void aNegativeLengthIsRefusedAndWritesNothing() {
    long at = blob.address() + ObjectLayout.HEADER + 8;
    assertThrows(IllegalArgumentException.class, () -> Pmem.fill(at, -8, (byte) 0));
    byte[] b = blob.bytes();
    for (int i = 0; i < b.length; i++) assertEquals(SENTINEL, b[i], "byte " + i);
  }

  private void check(int offset, int len, byte value) {
    Pmem.fill(blob.address() + ObjectLayout.HEADER + offset, len, value);
    byte[] b = blob.bytes();
    for (int i = 0; i < b.length; i++) {
      byte expected = i >= offset && i < offset + len ? value : SENTINEL;
      assertEquals(expected, b[i], "byte " + i + " offset=" + offset + " len=" + len);
    }
    Arrays.fill(b, SENTINEL);
    Pmem.write(b, 0, blob.address() + ObjectLayout.HEADER, b.length);
  }
}

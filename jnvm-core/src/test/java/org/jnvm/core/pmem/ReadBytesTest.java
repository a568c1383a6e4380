package org.jnvm.core.pmem;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import org.jnvm.core.heap.Blob;
import org.jnvm.core.heap.Heap;
import org.jnvm.core.heap.ObjectLayout;
import org.jnvm.core.heap.TestHeaps;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@link Pmem#readBytes} returns exactly the persistent bytes asked for, although its arrays are
 * not zeroed first: every byte of a new array must come from the copy, never from what the Java
 * heap held there before.
 */
class ReadBytesTest {
  private static final int ROOM = 8192 + 64;
  private static final byte GARBAGE = 0x5a;
  private static final int[] LENGTHS = {0, 1, 7, 8, 9, 63, 64, 65, 100, 1288, 4095, 4096, 8192};

  private TestHeaps heaps;
  private Blob blob;
  private byte[] pattern;
  private final byte[][] sink = new byte[64][];

  @BeforeEach
  void blob() {
    heaps = new TestHeaps();
    Heap heap = heaps.create("read-bytes", 1 << 20);
    pattern = new byte[ROOM];
    for (int i = 0; i < ROOM; i++) pattern[i] = (byte) (i * 31 + 7);
    blob = new Blob(heap, pattern);
  }

  @AfterEach
  void close() throws Exception {
    heaps.close();
  }

  @Test
  void theGatewaysFlagsGiveArraysWithoutZeroing() {
    assertTrue(Pmem.readsWithoutZeroing(), "the tests run with the gateway's flags");
  }

  @Test
  void copiesExactlyTheBytesAtAnyLengthAndAlignment() {
    for (int len : LENGTHS) {
      for (int offset : new int[] {0, 1, 3, 8, 40}) check(offset, len);
    }
  }

  /**
   * The same checks once C2 compiles {@code readBytes} (thousands of calls), whose arrays are not
   * zeroed, in a Java heap whose young regions collections left full of dead arrays of {@link
   * #GARBAGE}.
   */
  @Test
  void noByteOfWhatTheJavaHeapHeldThereSurvives() {
    for (int i = 0; i < 16_384; i++) {
      byte[] dead = new byte[32 * 1024];
      Arrays.fill(dead, GARBAGE);
      sink[i & 63] = dead; // escapes, so the JIT keeps the allocation and its garbage
    }
    for (int round = 0; round < 1000; round++) {
      for (int len : LENGTHS) check(round % 41, len);
    }
  }

  @Test
  void aNegativeLengthIsRefused() {
    long at = blob.address() + ObjectLayout.HEADER;
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> Pmem.readBytes(at, -1));
    assertTrue(e.getMessage().contains("len=-1"), e.getMessage());
  }

  private void check(int offset, int len) {
    byte[] got = Pmem.readBytes(blob.address() + ObjectLayout.HEADER + offset, len);
    assertArrayEquals(
        Arrays.copyOfRange(pattern, offset, offset + len), got, "offset=" + offset + " len=" + len);
  }
}

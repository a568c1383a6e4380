package org.jnvm.jpdt;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.jnvm.core.heap.Heap;
import org.jnvm.core.heap.PObject;
import org.jnvm.core.heap.TestHeaps;
import org.junit.jupiter.api.Test;

/**
 * The contract of {@link PType#image} for the built-in types: equivalent keys in either form, and
 * the stored object read in place, have the same image or all have none; distinct keys with images
 * have distinct images.
 */
class KeyImageTest {
  private static final List<String> STRINGS =
      List.of(
          "",
          "a",
          "user1000000000042",
          "x".repeat(23),
          "x".repeat(24),
          "x".repeat(25),
          "y".repeat(24),
          "caf\u00e9 \u00ff\u0000",
          "\u0100 not Latin-1",
          "a\u0000",
          "a\u0000\u0000");

  @Test
  void stringsInEitherFormShareTheirImage() throws Exception {
    try (TestHeaps t = new TestHeaps()) {
      Heap heap = t.create("images", 1 << 20);
      List<String> seen = new ArrayList<>();
      List<long[]> images = new ArrayList<>();
      for (String s : STRINGS) {
        long[] fromString = new long[3];
        int n = PTypes.strings().image(s, fromString);
        boolean has = s.length() <= PType.IMAGE_BYTES && s.chars().allMatch(c -> c <= 0xFF);
        assertEquals(has ? s.length() : -1, n, s);
        PString p = new PString(heap, s);
        long[] fromPString = new long[3];
        assertEquals(n, PTypes.strings().image(p, fromPString), s);
        long[] stored = new long[3];
        PObject copy = PTypes.strings().store(heap, s);
        assertEquals(n, PTypes.strings().imageAt(heap, copy.offset(), stored), s);
        assertEquals(n, PTypes.pstrings().imageAt(heap, p.offset(), new long[3]), s);
        if (n < 0) continue;
        assertArrayEquals(fromString, fromPString, s);
        assertArrayEquals(fromString, stored, s);
        for (int i = 0; i < seen.size(); i++) {
          boolean same =
              seen.get(i).length() == n && java.util.Arrays.equals(images.get(i), fromString);
          assertNotEquals(true, same, "distinct strings share an image: " + seen.get(i) + ", " + s);
        }
        seen.add(s);
        images.add(fromString);
      }
    }
  }

  @Test
  void byteArraysInEitherFormShareTheirImage() throws Exception {
    try (TestHeaps t = new TestHeaps()) {
      Heap heap = t.create("byte-images", 1 << 20);
      for (String s : STRINGS) {
        byte[] b = s.getBytes(StandardCharsets.UTF_8);
        long[] fromArray = new long[3];
        int n = PTypes.bytes().image(b, fromArray);
        assertEquals(b.length <= PType.IMAGE_BYTES ? b.length : -1, n, s);
        PObject stored = PTypes.bytes().store(heap, b);
        long[] fromStored = new long[3];
        assertEquals(n, PTypes.bytes().imageAt(heap, stored.offset(), fromStored), s);
        assertEquals(n, PTypes.bytes().image(stored, new long[3]), s);
        if (n >= 0) assertArrayEquals(fromArray, fromStored, s);
      }
    }
  }

  @Test
  void referencesToOtherObjectsHaveNoImage() throws Exception {
    try (TestHeaps t = new TestHeaps()) {
      Heap heap = t.create("object-images", 1 << 20);
      PString p = new PString(heap, "short");
      assertEquals(-1, PTypes.objects().image(p, new long[3]));
    }
  }
}

package org.jnvm.jpdt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import org.jnvm.core.JNVM;
import org.jnvm.core.heap.Heap;
import org.jnvm.core.heap.HeapCorruptException;
import org.jnvm.core.heap.TestHeaps;
import org.junit.jupiter.api.Test;

class PStringTest {
  private static final List<String> SAMPLES =
      List.of(
          "",
          "a",
          "Hello, NVMM!",
          "caf\u00e9 \u00ff\u0000end",
          "\u0100 Latin Extended",
          "emoji \ud83d\ude00 pair",
          "lone \ud800 high and \udc00 low surrogates",
          "x".repeat(70_000));

  @Test
  void keepsEveryCharAndTheStringHash() throws Exception {
    try (TestHeaps t = new TestHeaps()) {
      Heap heap = t.create("chars", 4 << 20);
      for (String s : SAMPLES) {
        PString p = new PString(heap, s);
        assertEquals(s, p.toString());
        assertEquals(s.length(), p.length());
        assertEquals(s.hashCode(), p.hashCode(), s);
        for (int i = 0; i < Math.min(s.length(), 100); i++) assertEquals(s.charAt(i), p.charAt(i));
        assertTrue(p.contentEquals(s));
        assertEquals(s, p.subSequence(0, s.length()).toString());
      }
    }
  }

  @Test
  void storesOneBytePerCharWhenItCan() throws Exception {
    try (TestHeaps t = new TestHeaps()) {
      Heap heap = t.create("compact", 1 << 20);
      assertEquals(PStringLayout.DATA_OFFSET + 5, new PString(heap, "caf\u00e9!").payloadSize());
      assertEquals(PStringLayout.DATA_OFFSET + 10, new PString(heap, "\u0100abcd").payloadSize());
      assertEquals(PStringLayout.LATIN1, new PString(heap, "\u00ff").coder());
      assertEquals(PStringLayout.UTF16, new PString(heap, "\u0100").coder());
    }
  }

  @Test
  void equalityIsByContentAndSymmetric() throws Exception {
    try (TestHeaps t = new TestHeaps()) {
      Heap a = t.create("eq-a", 1 << 20);
      Heap b = t.create("eq-b", 1 << 20);
      PString x = new PString(a, "same");
      PString y = new PString(b, "same");
      assertEquals(x, y);
      assertEquals(y, x);
      assertEquals(x.hashCode(), y.hashCode());
      assertNotEquals(x, new PString(a, "samf"));
      assertNotEquals(x, new PString(a, "sam"));
      assertFalse(x.equals("same"), "a PString never equals a String: equals stays symmetric");
      assertTrue(x.contentEquals("same"));
      assertTrue(x.contentEquals(new StringBuilder("same")));
      assertFalse(x.contentEquals("samE"));
    }
  }

  @Test
  void ordersAsStringDoes() throws Exception {
    try (TestHeaps t = new TestHeaps()) {
      Heap heap = t.create("order", 1 << 20);
      Random r = new Random(7);
      for (int i = 0; i < 300; i++) {
        String s1 = random(r);
        String s2 = random(r);
        int expected = Integer.signum(s1.compareTo(s2));
        assertEquals(
            expected, Integer.signum(new PString(heap, s1).compareTo(new PString(heap, s2))));
        assertEquals(expected, Integer.signum(PString.compare(new PString(heap, s1), s2)));
      }
    }
  }

  @Test
  void charAtChecksItsIndex() throws Exception {
    try (TestHeaps t = new TestHeaps()) {
      PString p = new PString(t.create("bounds", 1 << 20), "abc");
      StringIndexOutOfBoundsException e =
          assertThrows(StringIndexOutOfBoundsException.class, () -> p.charAt(3));
      assertTrue(e.getMessage().contains("index 3, length 3"), e.getMessage());
      assertThrows(StringIndexOutOfBoundsException.class, () -> p.charAt(-1));
    }
  }

  @Test
  void copiesInBulkAcrossHeaps() throws Exception {
    try (TestHeaps t = new TestHeaps()) {
      Heap a = t.create("copy-a", 1 << 20);
      Heap b = t.create("copy-b", 1 << 20);
      for (String s : List.of("", "plain", "wide \u2603 snowman")) {
        PString copy = new PString(b, new PString(a, s));
        assertEquals(s, copy.toString());
        assertEquals(b, copy.heap());
        assertEquals(s.hashCode(), copy.hashCode());
      }
    }
  }

  @Test
  void survivesARestartAsARoot() throws Exception {
    try (TestHeaps t = new TestHeaps()) {
      Path p = t.path("restart");
      try (Heap heap = Heap.create(p, 1 << 20)) {
        heap.roots().put("s", new PString(heap, "durable \u00e9\u2603"));
      }
      try (Heap heap = Heap.open(p)) {
        PString s = heap.roots().get("s");
        assertEquals("durable \u00e9\u2603", s.toString());
      }
    }
  }

  @Test
  void aHeaderThatDisagreesWithTheSizeIsReported() throws Exception {
    try (TestHeaps t = new TestHeaps()) {
      Path p = t.path("corrupt");
      try (Heap heap = Heap.create(p, 1 << 20)) {
        PString s = new PString(heap, "four");
        heap.roots().put("s", s);
        PStringLayout.length(s.address(), 1000);
        s.persist();
      }
      try (Heap heap = Heap.open(p)) {
        HeapCorruptException e =
            assertThrows(HeapCorruptException.class, () -> heap.roots().get("s"));
        assertTrue(e.getMessage().contains("length=1000"), e.getMessage());
      }
    }
  }

  @Test
  void theDefaultHeapConstructorUsesJnvm() throws Exception {
    try (TestHeaps t = new TestHeaps()) {
      JNVM.init(t.path("facade").toString(), 1 << 20);
      try {
        PString s = new PString("Hello, NVMM!");
        assertEquals(JNVM.heap(), s.heap());
        JNVM.root.put("msg", s);
        assertEquals("Hello, NVMM!", JNVM.root.<PString>get("msg").toString());
      } finally {
        JNVM.close();
      }
    }
  }

  private static String random(Random r) {
    StringBuilder b = new StringBuilder();
    int n = r.nextInt(6);
    for (int i = 0; i < n; i++)
      b.append(r.nextBoolean() ? (char) ('a' + r.nextInt(3)) : (char) r.nextInt(0x300));
    return b.toString();
  }
}

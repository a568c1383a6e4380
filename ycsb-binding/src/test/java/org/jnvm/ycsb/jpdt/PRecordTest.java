package org.jnvm.ycsb.jpdt;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import org.jnvm.core.heap.Heap;
import org.jnvm.core.heap.ObjectLayout;
import org.jnvm.core.heap.TestHeaps;
import org.jnvm.core.pmem.Pmem;
import org.jnvm.jpfa.FA;
import org.jnvm.ycsb.FieldSchema;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import site.ycsb.ByteIterator;

/**
 * The record's three update routes agree on what a field holds whatever slot it has moved to, a
 * record of more fields than the slot map can name keeps one slot per field, and misuse is refused
 * with the values in the message.
 */
class PRecordTest {
  private static final FieldSchema SCHEMA = new FieldSchema("field", 10);

  private TestHeaps heaps;
  private Heap heap;

  @BeforeEach
  void open() throws Exception {
    heaps = new TestHeaps();
    heap = heaps.create("precord", 4 << 20);
  }

  @AfterEach
  void close() throws Exception {
    heap.close();
    heaps.close();
  }

  private static byte[] text(String s) {
    return s.getBytes(StandardCharsets.ISO_8859_1);
  }

  private static String read(PRecord r, int i) {
    byte[] v = r.get(i);
    return v == null ? null : new String(v, StandardCharsets.ISO_8859_1);
  }

  private PRecord record(int fields) {
    byte[][] values = new byte[fields][];
    for (int i = 0; i < fields; i++) values[i] = i % 4 == 3 ? null : text("v" + i);
    return PRecord.create(heap, values, 16);
  }

  @Test
  void swapsMoveFieldsBetweenSlotsAndTheOtherRoutesFollow() {
    PRecord r = record(10);
    assertTrue(r.swaps());
    // Field 2 twice (the second write lands in the slot the first freed), then others.
    r.replaceSwapping(2, text("two"));
    r.replaceSwapping(2, text("TWO"));
    r.replaceSwapping(3, text("three"));
    r.replaceSwapping(5, null);
    r.replaceSwapping(9, text("x".repeat(16)));
    Map<Integer, String> want = new HashMap<>();
    for (int i = 0; i < 10; i++) want.put(i, i % 4 == 3 ? null : "v" + i);
    want.put(2, "TWO");
    want.put(3, "three");
    want.put(5, null);
    want.put(9, "x".repeat(16));
    for (int i = 0; i < 10; i++) assertEquals(want.get(i), read(r, i), "field " + i);

    PRecord copy = r.withReplaced(Map.of(3, text("copied")));
    want.put(3, "copied");
    for (int i = 0; i < 10; i++) assertEquals(want.get(i), read(copy, i), "copy's field " + i);
    assertCopiesAgree(copy);

    FA.run(heap, () -> copy.replaceInPlace(Map.of(2, text("in-block"), 5, text("five"))));
    want.put(2, "in-block");
    want.put(5, "five");
    copy.replaceSwapping(2, text("after"));
    want.put(2, "after");
    for (int i = 0; i < 10; i++) assertEquals(want.get(i), read(copy, i), "field " + i);
    assertEquals("three", read(r, 3), "the copy shares nothing with its source");
  }

  /** 16 fields: no spare, so the map is unused and field i stays in slot i. */
  @Test
  void aRecordWithoutASpareKeepsFieldsInTheirSlots() {
    PRecord r = record(16);
    assertFalse(r.swaps());
    for (int i = 0; i < 16; i++) assertEquals(i % 4 == 3 ? null : "v" + i, read(r, i));
    var e = assertThrows(IllegalStateException.class, () -> r.replaceSwapping(0, text("a")));
    assertTrue(e.getMessage().contains("fields=16"), e.getMessage());
    PRecord copy = r.withReplaced(Map.of(15, text("last")));
    assertEquals("last", read(copy, 15));
    assertEquals("v14", read(copy, 14));
  }

  @Test
  void misuseIsRefused() {
    PRecord r = record(10);
    var inBlock =
        assertThrows(
            IllegalStateException.class, () -> FA.run(heap, () -> r.replaceSwapping(0, text("a"))));
    assertTrue(inBlock.getMessage().contains("replaceInPlace"), inBlock.getMessage());
    var tooLong =
        assertThrows(IllegalArgumentException.class, () -> r.replaceSwapping(1, new byte[17]));
    assertTrue(tooLong.getMessage().contains("length=17 capacity=16"), tooLong.getMessage());
    var index = assertThrows(IndexOutOfBoundsException.class, () -> r.replaceSwapping(10, null));
    assertTrue(index.getMessage().contains("field=10 fields=10"), index.getMessage());
    assertEquals("v0", read(r, 0), "refused updates change nothing");
    assertEquals("v1", read(r, 1));
  }

  /**
   * Both copies of {@code r} (whole and racy) hold what {@link PRecord#get} reads, field by field.
   */
  private static void assertCopiesAgree(PRecord r) {
    Map<String, ByteIterator> whole = new HashMap<>();
    r.copyInto(SCHEMA, null, whole);
    Map<String, ByteIterator> racy = new HashMap<>();
    assertTrue(r.copyWithin(10, 16).into(SCHEMA, null, racy));
    for (int i = 0; i < 10; i++) {
      byte[] want = r.get(i);
      String name = SCHEMA.name(i);
      assertEquals(want != null, whole.containsKey(name), "field " + i + " present");
      if (want == null) continue;
      assertArrayEquals(want, whole.get(name).toArray(), "copied field " + i);
      assertArrayEquals(want, racy.get(name).toArray(), "racy copy of field " + i);
    }
    assertEquals(whole.keySet(), racy.keySet());
  }

  @Test
  void aCopyReadsTheNamedFieldsOnly() {
    PRecord r = record(10);
    r.replaceSwapping(4, text("four"));
    Map<String, ByteIterator> out = new HashMap<>();
    r.copyInto(SCHEMA, Set.of("field4", "field3", "field1"), out);
    assertEquals(Set.of("field4", "field1"), out.keySet(), "field3 is absent");
    assertEquals("four", out.get("field4").toString());
    assertEquals("v1", out.get("field1").toString());
    var unknown =
        assertThrows(
            IllegalArgumentException.class, () -> r.copyInto(SCHEMA, Set.of("other"), out));
    assertTrue(unknown.getMessage().contains("field=other"), unknown.getMessage());
  }

  /** A freed and reused record may hold any bytes: nothing outside the shape is read. */
  @Test
  void aRacyCopyRefusesBytesOutsideTheShape() {
    PRecord r = record(10);
    Map<String, ByteIterator> out = new HashMap<>();
    assertNull(r.copyWithin(11, 16), "another field count");
    assertNull(r.copyWithin(10, 24), "another capacity");

    long map = r.address() + ObjectLayout.HEADER + PRecord.MAP_OFFSET;
    long good = Pmem.getLong(map);
    Pmem.putLong(map, good | 0xfL); // field 0 in slot 15 of 11
    assertFalse(r.copyWithin(10, 16).into(SCHEMA, null, out), "slot past the shape");
    var e = assertThrows(IllegalStateException.class, () -> r.copyInto(SCHEMA, null, out));
    assertTrue(e.getMessage().contains("fields=10"), e.getMessage());
    Pmem.putLong(map, good);

    long len1 = r.address() + ObjectLayout.HEADER + PRecord.slotOffset(1, 16);
    Pmem.putInt(len1, 17);
    assertFalse(r.copyWithin(10, 16).into(SCHEMA, null, out), "length past the capacity");
    Pmem.putInt(len1, -2);
    assertFalse(r.copyWithin(10, 16).into(SCHEMA, null, out), "negative length");
    Pmem.putInt(len1, 2);
    out.clear();
    assertTrue(r.copyWithin(10, 16).into(SCHEMA, null, out));
    assertEquals("v1", out.get("field1").toString());
  }
}

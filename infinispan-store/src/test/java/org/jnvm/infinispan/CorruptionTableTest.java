package org.jnvm.infinispan;

import static org.testng.Assert.assertEquals;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.jnvm.core.heap.Heap;
import org.jnvm.core.heap.HeapAccessException;
import org.jnvm.core.heap.HeapCheck;
import org.jnvm.core.heap.HeapRepair;
import org.jnvm.core.heap.ObjectLayout;
import org.jnvm.core.heap.PObject;
import org.jnvm.core.heap.TestHeaps;
import org.jnvm.jpdt.PString;
import org.testng.annotations.Test;

/**
 * The corruption table: a store heap (J-PDT mode, string keys, inline and J-NVM values) damaged in
 * each listed way, then checked ({@link HeapCheck}, every layer's checks), opened read-write
 * (recovery) and read back whole (every key, then an iteration). Each case counts as detected by
 * check, refused by open (or by the read, with an error), and silently wrong: check passed, no
 * error, and the store answered something other than what was written. Silently wrong must be 0
 * except for payload bytes, which carry no checksum (docs/format.md). The table is printed.
 */
@Test(groups = "unit")
public class CorruptionTableTest {
  private static final int KEYS = 24;

  /** Offsets in the intact heap that the cases damage. */
  record Spots(
      long storeRoot,
      long record,
      long otherRecord,
      long keyObject,
      long pstringValue,
      long size) {}

  private interface Damage {
    void apply(Path file, Spots s) throws Exception;
  }

  private record Case(String name, boolean payloadOnly, Damage damage) {}

  private record Row(String name, boolean detected, boolean refused, boolean wrong, String note) {}

  @Test
  public void everyDamageIsDetectedOrRefusedExceptPayloadBytes() throws Exception {
    List<Row> rows = table(false);
    for (int k = 0; k < rows.size(); k++) {
      Row r = rows.get(k);
      if (!cases().get(k).payloadOnly())
        assertEquals(r.wrong() && !r.detected(), false, r.toString());
    }
  }

  /**
   * With {@code checksums="true"} a flipped byte of an inline value is detected by check and
   * refused by the read, naming the record; a J-NVM value's own bytes stay unprotected (the record
   * only references that object).
   */
  @Test
  public void withChecksumsAnInlineValuesFlippedByteIsDetectedAndRefused() throws Exception {
    List<Row> rows = table(true);
    for (int k = 0; k < rows.size(); k++) {
      Row r = rows.get(k);
      Case c = cases().get(k);
      if (c.name().equals(INLINE_PAYLOAD)) {
        assertEquals(r.detected(), true, "check: " + r);
        assertEquals(r.refused(), true, "read: " + r);
        assertEquals(r.wrong(), false, r.toString());
      } else if (!c.payloadOnly()) {
        assertEquals(r.wrong() && !r.detected(), false, r.toString());
      }
    }
  }

  private static final String INLINE_PAYLOAD = "payload byte of an inline value";

  /**
   * The repair table: each damaged heap repaired ({@link HeapRepair}), then checked, opened and
   * read back whole. Every heap that is readable as a heap passes check after the repair; no key
   * answers a wrong value (payload bytes without checksums aside: check cannot see those, so there
   * is nothing to repair); every key that is gone is named in the repair's lost list, or the list
   * says it could not name it. A heap whose superblock is damaged is refused (nothing to repair
   * from): the first four cases.
   */
  @Test
  public void repairEndsInAHeapThatPassesCheckAndKeepsEveryIntactEntry() throws Exception {
    for (boolean checksums : new boolean[] {false, true}) {
      try (TestHeaps t = new TestHeaps()) {
        Path base = t.path("repair-base");
        Map<String, String> written = new TreeMap<>();
        Spots spots = build(base, written, checksums);
        System.out.println("[repair] checksums=" + checksums);
        int i = 0;
        for (Case c : cases()) {
          Path copy = t.path("repair-" + i++);
          Files.copy(base, copy, StandardCopyOption.REPLACE_EXISTING);
          c.damage().apply(copy, spots);
          repairRow(c, copy, written, t);
          Files.deleteIfExists(copy);
        }
      }
    }
  }

  private static void repairRow(Case c, Path p, Map<String, String> written, TestHeaps t) {
    HeapRepair.Result r;
    try {
      r = HeapRepair.repair(p);
    } catch (HeapAccessException e) {
      assertEquals(HeapCheck.check(p).readable(), false, c.name() + ": refused only if unreadable");
      System.out.printf("[repair] %-38s | refused: not readable as a heap%n", c.name());
      return;
    }
    if (r.backup() != null) t.track(r.backup());
    assertEquals(r.after().ok(), true, c.name() + ": " + r.after() + " cut=" + r.cut());
    Map<String, String> seen = readAll(p, written);
    int kept = 0;
    int wrong = 0;
    List<String> gone = new ArrayList<>();
    for (Map.Entry<String, String> e : written.entrySet()) {
      String v = seen.get(e.getKey());
      if (v == null) gone.add(e.getKey());
      else if (v.equals(e.getValue())) kept++;
      else wrong++;
    }
    if (!c.payloadOnly()) assertEquals(wrong, 0, c.name() + ": wrong answers after repair");
    String lost = String.join("; ", r.lost());
    // one lost line per entry gone; a key is named unless its entry's key reference was the damage
    boolean wholeCache = lost.contains("every entry of the cache");
    if (!wholeCache)
      assertEquals(gone.size(), r.lost().size(), c.name() + ": " + gone + " " + lost);
    int named = 0;
    for (String k : gone) {
      if (lost.contains("key " + k + " ") || lost.contains("key \"" + k + "\"")) named++;
    }
    assertEquals(
        named > 0 || gone.isEmpty() || wholeCache || lost.contains("key unknown"),
        true,
        c.name() + ": no gone key named " + gone + " " + lost);
    System.out.printf(
        "[repair] %-38s | check 0 after repair | kept %2d of %d, wrong %d | lost: %s%n",
        c.name(), kept, written.size(), wrong, r.lost().isEmpty() ? "-" : lost);
  }

  /** Every written key read back from the store (absent keys left out). */
  private static Map<String, String> readAll(Path p, Map<String, String> written) {
    Map<String, String> seen = new TreeMap<>();
    try (Heap heap = Heap.open(p)) {
      if (!heap.roots().exists(StoreRoot.rootName("c"))) return seen;
      StoreRoot root = StoreRoot.openOrCreate(heap, "c", StoreMode.JPDT, 2);
      SegmentMaps m = new SegmentMaps(root, new PdtWriter(heap));
      for (String k : written.keySet()) {
        int seg = Math.floorMod(Integer.parseInt(k.substring(4)), 2);
        String v = m.read(seg, KeyForm.of(k), r -> text(r.read()));
        if (v != null) seen.put(k, v);
      }
    }
    return seen;
  }

  private static List<Row> table(boolean checksums) throws Exception {
    try (TestHeaps t = new TestHeaps()) {
      Path base = t.path("corruption-base");
      Map<String, String> written = new TreeMap<>();
      Spots spots = build(base, written, checksums);
      List<Row> rows = new ArrayList<>();
      int i = 0;
      for (Case c : cases()) {
        Path copy = t.path("corruption-" + i++);
        Files.copy(base, copy, StandardCopyOption.REPLACE_EXISTING);
        c.damage().apply(copy, spots);
        rows.add(run(c, copy, written));
        Files.deleteIfExists(copy);
      }
      System.out.println("checksums=" + checksums);
      print(rows);
      return rows;
    }
  }

  private static List<Case> cases() {
    return List.of(
        new Case("superblock magic byte", false, (f, s) -> poke(f, 0, 1, 0x55)),
        new Case("superblock checksummed field", false, (f, s) -> poke(f, 20, 1, 0x7f)),
        new Case("truncated to half", false, (f, s) -> truncate(f, s.size() / 2)),
        new Case("zeroed file", false, (f, s) -> zero(f, 0, s.size())),
        new Case(
            "record flags out of range",
            false,
            (f, s) -> poke(f, field(s.record(), PdtEntry.FLAGS), 4, 99)),
        new Case(
            "record valueLen too large",
            false,
            (f, s) -> poke(f, field(s.record(), PdtEntry.VALUE_LEN), 4, 1 << 20)),
        new Case(
            "record value ref -> a key object",
            false,
            (f, s) -> poke(f, field(s.record(), PdtEntry.VALUE), 8, s.keyObject())),
        new Case(
            "record value ref -> outside the heap",
            false,
            (f, s) -> poke(f, field(s.record(), PdtEntry.VALUE), 8, 1L << 40)),
        new Case(
            "record expiry -> 1 ms",
            false,
            (f, s) -> poke(f, field(s.record(), PdtEntry.EXPIRY), 8, 1)),
        new Case("map slot -> another entry", false, CorruptionTableTest::duplicateSlot),
        new Case("entry key -> another segment's key", false, CorruptionTableTest::foreignKey),
        new Case(
            "store root magic",
            false,
            (f, s) -> poke(f, field(s.storeRoot(), StoreRoot.MAGIC_OFFSET), 4, 1)),
        new Case(
            "store root mode",
            false,
            (f, s) -> poke(f, field(s.storeRoot(), StoreRoot.MODE_OFFSET), 4, 7)),
        new Case(
            "string key length",
            false,
            (f, s) -> poke(f, field(s.keyObject(), StringKey.LENGTH_OFFSET), 4, 9999)),
        new Case(
            "string key stored hash",
            false,
            (f, s) -> poke(f, field(s.keyObject(), StringKey.HASH_OFFSET), 4, 0x1234_5678)),
        new Case("class entry reference offset", false, CorruptionTableTest::classEntryRef),
        new Case("object header class id", false, (f, s) -> poke(f, s.otherRecord(), 4, 3)),
        new Case(INLINE_PAYLOAD, true, (f, s) -> flip(f, field(s.record(), PdtEntry.DATA))),
        new Case(
            "payload byte of a PString value",
            true,
            (f, s) -> flip(f, field(s.pstringValue(), 12))));
  }

  private static Spots build(Path p, Map<String, String> written, boolean checksums) {
    try (Heap heap = Heap.create(p, 2 << 20)) {
      StoreRoot root = StoreRoot.openOrCreate(heap, "c", StoreMode.JPDT, 2);
      SegmentMaps m = new SegmentMaps(root, new PdtWriter(heap, checksums));
      for (int k = 0; k < KEYS; k++) {
        String key = "key-" + k;
        String v = "value-" + k;
        EntryData d =
            k % 3 == 0
                ? new EntryData(
                    new PString(heap, v), null, EntryData.NO_METADATA, -1, -1, null, null, 1, 1, -1)
                : new EntryData(
                    null,
                    v.getBytes(StandardCharsets.UTF_8),
                    EntryData.NO_METADATA,
                    -1,
                    -1,
                    null,
                    null,
                    1,
                    1,
                    -1);
        m.write(k % 2, KeyForm.of(key), d);
        written.put(key, v);
      }
      long rec = m.read(1, KeyForm.of("key-1"), r -> r.record().offset());
      long other = m.read(1, KeyForm.of("key-5"), r -> r.record().offset());
      long pstr = m.read(0, KeyForm.of("key-0"), r -> r.read().valueRef().offset());
      long key = 0;
      for (Map.Entry<Object, PObject> e : root.map(0).entrySet()) {
        if (e.getKey().toString().equals("key-2")) key = ((PObject) e.getKey()).offset();
      }
      return new Spots(root.offset(), rec, other, key, pstr, heap.size());
    }
  }

  /** Check, open, read every key and iterate; classify. */
  private static Row run(Case c, Path p, Map<String, String> written) {
    HeapCheck.Result check = HeapCheck.check(p);
    boolean detected = !check.ok();
    Map<String, String> seen = new TreeMap<>();
    try (Heap heap = Heap.open(p)) {
      StoreRoot root = StoreRoot.openOrCreate(heap, "c", StoreMode.JPDT, 2);
      SegmentMaps m = new SegmentMaps(root, new PdtWriter(heap));
      for (String k : written.keySet()) {
        String v =
            m.read(
                Math.floorMod(Integer.parseInt(k.substring(4)), 2),
                KeyForm.of(k),
                r -> text(r.read()));
        if (v != null) seen.put(k, v);
      }
      Map<String, String> iterated = new TreeMap<>();
      long size = 0;
      for (int s = 0; s < 2; s++) {
        size += m.size(s);
        for (SegmentMaps.Snapshot e : m.snapshot(s))
          iterated.put(String.valueOf(e.key()), text(e.data()));
        if (m.skippedRecords() > 0)
          return new Row(c.name(), detected, true, false, "iteration skipped");
      }
      boolean wrong = !seen.equals(written) || !iterated.equals(written) || size != written.size();
      return new Row(c.name(), detected, false, wrong, wrong ? diff(written, seen) : "");
    } catch (RuntimeException e) {
      return new Row(c.name(), detected, true, false, e.getClass().getSimpleName());
    }
  }

  private static String text(EntryData d) {
    if (d.valueRef() instanceof PString s) return s.toString();
    if (d.valueRef() != null) return "object " + d.valueRef();
    return new String(d.valueBytes(), StandardCharsets.UTF_8);
  }

  private static String diff(Map<String, String> want, Map<String, String> got) {
    for (Map.Entry<String, String> e : want.entrySet()) {
      if (!e.getValue().equals(got.get(e.getKey()))) return e.getKey() + "=" + got.get(e.getKey());
    }
    return "size/iteration differs";
  }

  private static void print(List<Row> rows) {
    System.out.println(
        "[corruption] case | detected by check | refused by open or read | silently wrong");
    int d = 0, r = 0, w = 0;
    for (Row row : rows) {
      boolean silent = row.wrong() && !row.detected();
      System.out.printf(
          "[corruption] %-38s | %-5s | %-5s | %-5s %s%n",
          row.name(), row.detected(), row.refused(), silent, row.note());
      d += row.detected() ? 1 : 0;
      r += row.refused() ? 1 : 0;
      w += silent ? 1 : 0;
    }
    System.out.printf(
        "[corruption] TOTAL %d cases: %d detected by check, %d refused, %d silently wrong%n",
        rows.size(), d, r, w);
  }

  private static long field(long obj, int off) {
    return obj + ObjectLayout.HEADER + off;
  }

  /** Points the slot that holds one entry at another entry (found by scanning for their words). */
  private static void duplicateSlot(Path f, Spots s) throws Exception {
    long entryA = find(f, s.record()) - ObjectLayout.HEADER - 8; // EntryRecord whose value is it
    long entryB = find(f, s.otherRecord()) - ObjectLayout.HEADER - 8;
    poke(f, find(f, entryA), 8, entryB);
  }

  /**
   * Points the key of key-1's entry (segment 1) at key-2's key object (segment 0): key-1 vanishes
   * and key-2 appears in both maps.
   */
  private static void foreignKey(Path f, Spots s) throws Exception {
    long valueField = find(f, s.record()); // the EntryRecord's value field: key, then value
    poke(f, valueField - 8, 8, s.keyObject());
  }

  /**
   * Sets the second reference offset (the value, 8) of {@code EntryRecord}'s class entry to 0: its
   * name follows the offsets in the entry.
   */
  private static void classEntryRef(Path f, Spots s) throws Exception {
    byte[] all = Files.readAllBytes(f);
    byte[] name = "org.jnvm.jpdt.collection.EntryRecord".getBytes(StandardCharsets.UTF_8);
    for (int at = 0; at + name.length <= all.length; at++) {
      if (java.util.Arrays.equals(all, at, at + name.length, name, 0, name.length)) {
        poke(f, at - 4, 4, 0);
        return;
      }
    }
    throw new AssertionError("class entry not found in " + f);
  }

  /** The file offset of the first 8-byte aligned word equal to {@code v}. */
  private static long find(Path f, long v) throws Exception {
    ByteBuffer b = ByteBuffer.wrap(Files.readAllBytes(f)).order(ByteOrder.LITTLE_ENDIAN);
    for (int at = 0; at + 8 <= b.capacity(); at += 8) if (b.getLong(at) == v) return at;
    throw new AssertionError("word 0x" + Long.toHexString(v) + " not found in " + f);
  }

  private static void poke(Path f, long at, int bytes, long v) throws Exception {
    ByteBuffer b = ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putLong(0, v);
    b.limit(bytes);
    try (FileChannel ch = FileChannel.open(f, StandardOpenOption.WRITE)) {
      ch.write(b, at);
    }
  }

  private static void flip(Path f, long at) throws Exception {
    try (FileChannel ch = FileChannel.open(f, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
      ByteBuffer b = ByteBuffer.allocate(1);
      ch.read(b, at);
      b.put(0, (byte) (b.get(0) ^ 0x20)).position(0);
      ch.write(b, at);
    }
  }

  private static void truncate(Path f, long size) throws Exception {
    try (FileChannel ch = FileChannel.open(f, StandardOpenOption.WRITE)) {
      ch.truncate(size);
    }
  }

  private static void zero(Path f, long from, long n) throws Exception {
    try (FileChannel ch = FileChannel.open(f, StandardOpenOption.WRITE)) {
      ch.write(ByteBuffer.allocate((int) n), from);
    }
  }
}

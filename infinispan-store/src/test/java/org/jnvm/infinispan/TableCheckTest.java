package org.jnvm.infinispan;

import static org.testng.Assert.assertEquals;
import static org.testng.Assert.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.jnvm.core.heap.Heap;
import org.jnvm.core.heap.HeapCheck;
import org.jnvm.core.heap.HeapRepair;
import org.jnvm.core.heap.ObjectLayout;
import org.jnvm.core.heap.TestHeaps;
import org.jnvm.core.pmem.Pmem;
import org.testng.annotations.Test;

/**
 * {@code jnvm check} on store format 2 ({@link TableCheck} through {@link StoreChecker} and {@link
 * HeapCheck}): damage the core verifier cannot see (every reference still lands on a valid object)
 * is named with the cache, the segment and the key; {@code --repair} drops the entry and a second
 * check passes.
 */
@Test(groups = "unit")
public class TableCheckTest {
  private interface Damage {
    void apply(Heap heap, SegmentTable table, long k2Record);
  }

  private static Path damaged(TestHeaps t, String name, Damage d) {
    Path p = t.path("table-check-" + name);
    try (Heap heap = Heap.create(p, 4 << 20)) {
      StoreRoot root = StoreRoot.openOrCreate(heap, "c", StoreMode.JPDT, 1);
      assertEquals(root.version(), StoreRoot.V2_TABLES);
      SegmentMaps m = new SegmentMaps(root, root.writer(false));
      for (String k : List.of("k1", "k2", "k3")) m.write(0, KeyForm.of(k), bytes("v-" + k));
      assertTrue(HeapCheck.checkOpen(heap).ok(), HeapCheck.checkOpen(heap).toString());
      long rec = m.read(0, KeyForm.of("k2"), r -> r.record().offset());
      d.apply(heap, root.table(0), rec);
      assertTrue(heap.verify().ok(), "the core verifier alone sees nothing: " + heap.verify());
    }
    return p;
  }

  public void aKeyHashThatIsNotItsBytesHashIsNamedAndRepaired() throws Exception {
    try (TestHeaps t = new TestHeaps()) {
      Path p =
          damaged(
              t,
              "hash",
              (h, table, rec) ->
                  Pmem.putInt(h.base() + rec + ObjectLayout.HEADER + StoreRecord.KEY_HASH, 0x1234));
      HeapCheck.Result r = HeapCheck.check(p);
      String s = r.toString();
      assertTrue(
          !r.ok()
              && s.contains("cache c segment 0 key k2")
              && s.contains("stored hash 0x1234 is not the hash of its content"),
          s);
      repairs(t, p, "k2");
    }
  }

  public void aRecordOffItsProbePathIsNamed() throws Exception {
    try (TestHeaps t = new TestHeaps()) {
      Path p =
          damaged(
              t,
              "path",
              (h, table, rec) -> {
                int at = slotOf(table, rec);
                int away = (at + table.capacity() / 2) & (table.capacity() - 1);
                while (table.slot(away) != 0) away = table.next(away);
                table.fill(away, rec); // moved past an empty slot: lookups stop before it
                table.fill(at, 0);
              });
      HeapCheck.Result r = HeapCheck.check(p);
      String s = r.toString();
      assertTrue(!r.ok() && s.contains("lookups cannot reach it"), s);
    }
  }

  public void aSlotHoldingAnotherObjectIsNamed() throws Exception {
    try (TestHeaps t = new TestHeaps()) {
      Path p =
          damaged(
              t,
              "slot",
              (h, table, rec) -> {
                StoreRoot root = StoreRoot.openOrCreate(h, "c", StoreMode.JPDT, 1);
                table.fill(slotOf(table, rec), root.offset()); // a live object, not a record
              });
      HeapCheck.Result r = HeapCheck.check(p);
      String s = r.toString();
      assertTrue(!r.ok() && s.contains("table slot") && s.contains("not a record"), s);
    }
  }

  /** Format 2 is J-PDT only: a root saying J-PFA is named, and the repair restores J-PDT. */
  public void aFormatTwoRootInJpfaModeIsNamedAndRestored() throws Exception {
    try (TestHeaps t = new TestHeaps()) {
      Path p =
          damaged(
              t,
              "mode",
              (h, table, rec) -> {
                StoreRoot root = StoreRoot.openOrCreate(h, "c", StoreMode.JPDT, 1);
                long at = h.base() + root.offset() + ObjectLayout.HEADER + StoreRoot.MODE_OFFSET;
                Pmem.putInt(at, StoreMode.JPFA.ordinal());
              });
      HeapCheck.Result r = HeapCheck.check(p);
      assertTrue(!r.ok() && r.toString().contains("format version 2 in mode 1"), r.toString());
      HeapRepair.Result fixed = HeapRepair.repair(p);
      if (fixed.backup() != null) t.track(fixed.backup());
      assertTrue(fixed.after().ok(), fixed.toString());
      try (Heap heap = Heap.open(p)) {
        StoreRoot root = StoreRoot.openOrCreate(heap, "c", StoreMode.JPDT, 1);
        assertEquals(new SegmentMaps(root, root.writer(false)).size(0), 3);
      }
    }
  }

  private static int slotOf(SegmentTable t, long record) {
    for (int i = 0; i < t.capacity(); i++) if (t.slot(i) == record) return i;
    throw new AssertionError("no slot holds 0x" + Long.toHexString(record));
  }

  /** {@code --repair} drops the entry of {@code key}; then the heap checks clean. */
  private static void repairs(TestHeaps t, Path p, String key) {
    HeapRepair.Result fixed = HeapRepair.repair(p);
    if (fixed.backup() != null) t.track(fixed.backup());
    assertTrue(fixed.lost().toString().contains("key " + key + " dropped"), fixed.toString());
    assertTrue(fixed.after().ok(), fixed.after().toString());
    try (Heap heap = Heap.open(p)) {
      StoreRoot root = StoreRoot.openOrCreate(heap, "c", StoreMode.JPDT, 1);
      SegmentMaps m = new SegmentMaps(root, root.writer(false));
      assertEquals(m.size(0), 2);
      assertEquals((int) m.read(0, KeyForm.of("k1"), r -> r.read().valueBytes().length), 4);
    }
  }

  private static EntryData bytes(String v) {
    byte[] b = v.getBytes(StandardCharsets.UTF_8);
    return new EntryData(null, b, EntryData.NO_METADATA, -1, -1, null, null, 1, 1, -1);
  }
}

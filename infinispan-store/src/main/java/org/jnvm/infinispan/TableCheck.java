package org.jnvm.infinispan;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;
import org.jnvm.core.heap.Heap;
import org.jnvm.core.heap.HeapCorruptException;
import org.jnvm.core.heap.PObject;
import org.jnvm.core.pmem.Pmem;

/**
 * The format-2 part of {@code jnvm check} ({@link StoreChecker}): walks a segment's {@link
 * SegmentTable} and checks what a lookup relies on, read-only, and drops entries for a repair.
 *
 * <ul>
 *   <li>a slot holds 0, the table's tombstone or a {@link StoreRecord} (anything else is reported
 *       and skipped; a repair empties it into a tombstone);
 *   <li>the record's key hash is the hash of its key's content (else a lookup never finds it);
 *   <li>the record sits on its key's probe path: no empty slot between the key's home slot and the
 *       record's (else a lookup stops at the empty slot and never finds it).
 * </ul>
 */
final class TableCheck {
  private TableCheck() {}

  /** Where each entry goes: its handle (the record), the record, the problems of its key. */
  interface Visitor {
    void entry(PObject handle, PObject record, List<String> found);
  }

  static void entries(
      StoreRoot root, int seg, String where, Consumer<String> problems, Visitor visit) {
    Heap heap = root.heap();
    SegmentTable t = root.table(seg);
    for (int i = 0; i < t.capacity(); i++) {
      long w = t.slot(i);
      if (w == 0 || w == t.tombstone()) continue;
      if (!heap.isLive(w) || !heap.isObjectOf(w, StoreRecord.TYPE)) {
        problems.accept(
            where + ": table slot " + i + " holds 0x" + Long.toHexString(w) + ", not a record");
        continue;
      }
      StoreRecord r = heap.object(w);
      List<String> found = new ArrayList<>();
      keyProblem(r, where).ifPresent(found::add);
      slotProblem(t, i, r, where).ifPresent(found::add);
      visit.entry(r, r, found);
    }
  }

  private static java.util.Optional<String> keyProblem(StoreRecord r, String where) {
    int actual;
    try {
      actual = r.contentHash();
    } catch (HeapCorruptException e) {
      return java.util.Optional.of(where + ": record 0x" + hex(r.offset()) + ": " + e.getMessage());
    }
    if (actual == r.keyHash()) return java.util.Optional.empty();
    return java.util.Optional.of(
        where
            + " key "
            + RecordErrors.text(r.rawKey())
            + ": stored hash 0x"
            + Integer.toHexString(r.keyHash())
            + " is not the hash of its content 0x"
            + Integer.toHexString(actual)
            + " (record at 0x"
            + hex(r.offset())
            + ")");
  }

  private static java.util.Optional<String> slotProblem(
      SegmentTable t, int slot, StoreRecord r, String where) {
    int home = t.home(r.keyHash());
    for (int i = home; i != slot; i = t.next(i)) {
      if (t.slot(i) == 0) {
        return java.util.Optional.of(
            where
                + ": record 0x"
                + hex(r.offset())
                + " sits in slot "
                + slot
                + " but its key's probe starts at slot "
                + home
                + " and ends at empty slot "
                + i
                + ": lookups cannot reach it");
      }
    }
    return java.util.Optional.empty();
  }

  /**
   * Drops the entries whose records are at {@code records} from segment {@code seg}: each slot
   * becomes a tombstone, written back and fenced. The records are left to the next open's sweep.
   */
  static void drop(StoreRoot root, int seg, Set<Long> records) {
    SegmentTable t = root.table(seg);
    for (int i = 0; i < t.capacity(); i++) {
      if (records.contains(t.slot(i))) t.setSlot(i, t.tombstone());
    }
    Pmem.pfence();
  }

  private static String hex(long v) {
    return Long.toHexString(v);
  }
}

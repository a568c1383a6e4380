package org.jnvm.core.heap;

import java.lang.invoke.VarHandle;

/**
 * Finds the allocated objects of some class ids by the allocator's own walk: its bitmap of
 * allocated slots, then each object's header. Reachable or not: an object nobody references is
 * still converted (the next recovery reclaims it anyway), and no object can be missed because a
 * reference to it moved while the heap was walked, which a mark from the roots could. Reads only;
 * the reserved chunks are cut into one contiguous range per thread.
 *
 * <p>The allocator writes an object's header before it sets the object's bit ({@link
 * Allocator#reserve}), so a set bit read here (with an acquire fence after it) is never paired with
 * the stale header of a slot's previous, dead, occupant.
 */
final class ClassScan {
  /** The objects found, in address order: part {@code i} is thread {@code i}'s range. */
  final LongStack[] parts;

  /** Objects found per class id. */
  final long[] perId;

  /** The smallest slot (bytes, header included) an object of each class id sits in. */
  final long[] minSlot;

  private ClassScan(LongStack[] parts, long[] perId, long[] minSlot) {
    this.parts = parts;
    this.perId = perId;
    this.minSlot = minSlot;
  }

  /** The allocated objects of heap whose class id has {@code wanted[id]} set. */
  static ClassScan of(Heap heap, boolean[] wanted, int threads) {
    // the allocated-slot bitmap is whole only once recovery's sweep is adopted: with background
    // recovery, an object of the snapshot the mark has not reached yet has no bit (the walk would
    // miss it, and it would stay in its old shape); the mark takes no lock a migration holds
    heap.awaitRecovery();
    Allocator a = heap.allocator();
    long granules = heap.geometry().granules(a.reservedChunks());
    int n = (int) Math.max(1, Math.min(threads, granules / 1024));
    LongStack[] parts = new LongStack[n];
    long[][] counts = new long[n][wanted.length];
    long[][] slots = new long[n][wanted.length];
    Workers.run(
        n,
        "jnvm-migrate-scan",
        t ->
            parts[t] =
                scan(heap, wanted, granules * t / n, granules * (t + 1) / n, counts[t], slots[t]));
    long[] perId = new long[wanted.length];
    long[] minSlot = new long[wanted.length];
    java.util.Arrays.fill(minSlot, Long.MAX_VALUE);
    for (int t = 0; t < n; t++) {
      for (int id = 0; id < wanted.length; id++) {
        perId[id] += counts[t][id];
        if (counts[t][id] > 0) minSlot[id] = Math.min(minSlot[id], slots[t][id]);
      }
    }
    return new ClassScan(parts, perId, minSlot);
  }

  private static LongStack scan(
      Heap heap, boolean[] wanted, long from, long to, long[] counts, long[] slots) {
    Allocator a = heap.allocator();
    Bitmap allocated = a.allocated();
    java.util.Arrays.fill(slots, Long.MAX_VALUE);
    LongStack out = new LongStack(1024);
    long data = heap.geometry().dataOffset();
    long base = heap.base();
    for (long bit = allocated.nextSet(from);
        bit >= 0 && bit < to;
        bit = allocated.nextSet(bit + 1)) {
      VarHandle.acquireFence(); // the header read below is not older than the bit
      long off = data + (bit << 6);
      int id = ObjectLayout.classId(base + off);
      if (id > 0 && id < wanted.length && wanted[id]) {
        out.push(off);
        counts[id]++;
        if (slots[id] > a.capacity(off)) slots[id] = a.capacity(off);
      }
    }
    return out;
  }

  /** Objects found. */
  long size() {
    long n = 0;
    for (LongStack p : parts) n += p.size();
    return n;
  }
}

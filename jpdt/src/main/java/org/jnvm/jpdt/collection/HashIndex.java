package org.jnvm.jpdt.collection;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import org.jnvm.core.heap.HeapCorruptException;

/**
 * The volatile index of a hash map: the live entries, in parts chosen by the top bits of a mixed
 * hash (so each part's {@code HashMap}, which uses the low bits, still spreads its keys). Parts are
 * the unit of locking in the concurrent map and of parallelism when the index is rebuilt. Not
 * synchronized: callers hold the part's lock, if any.
 */
final class HashIndex {
  private final Part[] parts;
  private final int shift;

  private static final class Part {
    HashMap<IndexKey, Cell> cells = new HashMap<>();
  }

  /** An empty index of {@code count} parts, a power of two, at least 2. */
  HashIndex(int count) {
    if (count < 2 || Integer.bitCount(count) != 1) {
      throw new IllegalArgumentException("parts must be a power of two >= 2: " + count);
    }
    parts = new Part[count];
    for (int i = 0; i < count; i++) parts[i] = new Part();
    shift = Integer.numberOfLeadingZeros(count) + 1;
  }

  int parts() {
    return parts.length;
  }

  int partOf(int hash) {
    return (hash * 0x9E3779B9) >>> shift;
  }

  /** The live entry whose key is equivalent to {@code key}, or null. */
  Cell find(int part, int hash, Object key) {
    return parts[part].cells.get(new Probe(hash, key));
  }

  void add(int part, Cell c) {
    Cell prior = parts[part].cells.putIfAbsent(c, c);
    if (prior != null) {
      throw new HeapCorruptException(
          "two entries with equivalent keys in one map: slots "
              + prior.slot
              + " and "
              + c.slot
              + " file="
              + c.store.heap.file());
    }
  }

  void remove(int part, Cell c) {
    parts[part].cells.remove(c);
  }

  /** The live entries of {@code part}, copied. */
  List<Cell> cells(int part) {
    return new ArrayList<>(parts[part].cells.values());
  }

  /** Empties {@code part}, marking its entries dead. */
  void clear(int part) {
    for (Cell c : parts[part].cells.values()) c.dead = true;
    parts[part].cells = new HashMap<>();
  }

  /**
   * Builds the index of every live entry of {@code store}, and makes the store's free slots ready:
   *
   * <ol>
   *   <li>workers scan the segments (each its own), read each live entry's key and hash it, and
   *       drop the handle in their own bucket for its part;
   *   <li>workers fill the parts (each its own), presized, from every worker's bucket for it; two
   *       equivalent keys are reported as corruption.
   * </ol>
   *
   * Returns the number of entries.
   */
  long rebuild(EntryStore store) {
    int workers = Parallel.workersFor(store.capacity());
    Bucket[][] buckets = new Bucket[Math.max(1, workers)][parts.length];
    for (Bucket[] row : buckets) for (int p = 0; p < row.length; p++) row[p] = new Bucket();
    store.scan(
        workers,
        (w, slot, entry) -> {
          int h = store.keys.hash(store.key(entry));
          buckets[w][partOf(h)].add(new Cell(h, slot, entry, store));
        });
    Parallel.run(parts.length, workers, (w, p) -> fill(p, buckets));
    long n = 0;
    for (Part p : parts) n += p.cells.size();
    return n;
  }

  private void fill(int p, Bucket[][] buckets) {
    int n = 0;
    for (Bucket[] row : buckets) n += row[p].size;
    parts[p].cells = new HashMap<>((int) (n / 0.75f) + 1);
    for (Bucket[] row : buckets) {
      for (int i = 0; i < row[p].size; i++) add(p, row[p].cells[i]);
    }
  }

  /** A growable array of handles, filled by one worker. */
  private static final class Bucket {
    Cell[] cells = new Cell[8];
    int size;

    void add(Cell c) {
      if (size == cells.length) cells = Arrays.copyOf(cells, 2 * size);
      cells[size++] = c;
    }
  }
}

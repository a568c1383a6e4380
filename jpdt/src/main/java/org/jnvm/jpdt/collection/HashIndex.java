package org.jnvm.jpdt.collection;

import java.util.Arrays;
import org.jnvm.core.heap.Heap;
import org.jnvm.core.heap.HeapCorruptException;
import org.jnvm.jpdt.PType;

/**
 * The volatile index of a hash map's {@link EntryStore}: the live entries, in parts chosen by the
 * top bits of a mixed hash. Each part is an {@link IndexTable} holding, per entry, its hash, slot,
 * the offsets of its key and value, and its key's image if the key type gives one ({@link
 * PType#image}: short strings and byte arrays), so a lookup compares such keys in volatile memory
 * and reads persistent memory only for the value it returns. Parts are the unit of locking in the
 * concurrent map and of parallelism when the index is rebuilt. Not synchronized: callers hold the
 * part's lock, if any.
 *
 * <p>Parts double at different loads ({@link #loadOf}): keys spread evenly over the parts, so with
 * one load limit every part of a large map would double within about 2% of its size (3M entries),
 * allocating twice the whole index at once (a 3M-entry J-PDT map: 64 new 8 MiB arrays during YCSB's
 * D, which G1 met by growing the Java heap in a pause of several seconds, see
 * ycsb-runner/README.md). Spread from 11/16 to 13/16, the parts double over a range of map sizes
 * about a sixth wide; averaged over sizes, the index takes the memory one limit of 3/4 takes.
 */
final class HashIndex {
  /** The lowest and highest load limits of the parts, in 256ths ({@link IndexTable#LOAD_UNIT}). */
  static final int LOWEST_LOAD = 176;

  static final int HIGHEST_LOAD = 208;

  private final IndexTable[] parts;
  private final int shift;
  private final EntryStore store;
  private final PType<Object> keys;
  private final IndexTable.KeyMatcher inPlace;

  /** An empty index of {@code count} parts (a power of two, at least 2) of {@code store}. */
  HashIndex(int count, EntryStore store) {
    if (count < 2 || Integer.bitCount(count) != 1) {
      throw new IllegalArgumentException("parts must be a power of two >= 2: " + count);
    }
    this.store = store;
    Heap heap = store.heap;
    PType<Object> keys = store.keys;
    this.keys = keys;
    this.inPlace = (keyOffset, key) -> keys.matchesAt(heap, keyOffset, key);
    parts = new IndexTable[count];
    for (int i = 0; i < count; i++) parts[i] = new IndexTable(0, loadOf(i, count));
    shift = Integer.numberOfLeadingZeros(count) + 1;
  }

  int parts() {
    return parts.length;
  }

  /** Part {@code p}'s load limit among {@code count}: evenly spread over the lowest to highest. */
  static int loadOf(int p, int count) {
    return LOWEST_LOAD + (HIGHEST_LOAD - LOWEST_LOAD) * p / (count - 1);
  }

  int partOf(int hash) {
    return (hash * 0x9E3779B9) >>> shift;
  }

  IndexTable part(int p) {
    return parts[p];
  }

  /**
   * A key being looked up or added, with what the index needs of it computed once per operation:
   * its hash, its part and its image.
   */
  static final class Probe {
    final Object key;
    final int hash;
    final int part;
    final long[] image = new long[3];
    final int length;

    private Probe(HashIndex index, Object key) {
      this.key = key;
      this.hash = index.keys.hash(key);
      this.part = index.partOf(hash);
      this.length = index.keys.image(key, image);
    }
  }

  /** The probe of {@code key}, a form the key type accepts. */
  Probe probe(Object key) {
    return new Probe(this, key);
  }

  /** The position in its part of the entry whose key is equivalent to {@code q}'s, or -1. */
  int find(Probe q) {
    return parts[q.part].find(q.hash, q.image, q.length, q.key, inPlace);
  }

  /**
   * Indexes the entry {@code e} just published in {@code slot} for {@code q}'s key (absent from the
   * index). Its offsets come from the proxy: the entry's lines were written back, and reading them
   * again could miss (clflushopt evicts).
   */
  void add(Probe q, int slot, EntryRecord e) {
    parts[q.part].add(q.hash, slot, q.image, q.length, e.keyOffset, e.valueOffset, e.address());
  }

  /** Indexes again, for {@code q}'s key, the entry {@code entry} in {@code slot}. */
  void add(Probe q, int slot, long keyOffset, long valueOffset, long entry) {
    parts[q.part].add(q.hash, slot, q.image, q.length, keyOffset, valueOffset, entry);
  }

  /** Empties part {@code p}. */
  void clear(int p) {
    parts[p].clear();
  }

  /**
   * Builds the index of every live entry of {@code store}, and makes the store's free slots ready:
   *
   * <ol>
   *   <li>workers scan the segments (each its own), read each live entry's key and hash it, and
   *       append the entry to their own bucket for its part;
   *   <li>workers fill the parts (each its own), presized, from every worker's bucket for it; two
   *       equivalent keys are reported as corruption.
   * </ol>
   *
   * Returns the number of entries.
   */
  long rebuild() {
    int workers = Parallel.workersFor(store.capacity());
    Bucket[][] buckets = new Bucket[Math.max(1, workers)][parts.length];
    for (Bucket[] row : buckets) for (int p = 0; p < row.length; p++) row[p] = new Bucket();
    store.scan(
        workers,
        (w, slot, entry) -> {
          int h = store.keys.hash(store.key(entry));
          int p = partOf(h);
          buckets[w][p].add(h, slot, entry);
          return p;
        });
    Parallel.run(parts.length, workers, (w, p) -> fill(p, buckets));
    long n = 0;
    for (IndexTable t : parts) n += t.size();
    return n;
  }

  private void fill(int p, Bucket[][] buckets) {
    int n = 0;
    for (Bucket[] row : buckets) n += row[p].size;
    IndexTable t = new IndexTable(n, loadOf(p, parts.length));
    IndexTable.KeyMatcher stored =
        (keyOffset, other) ->
            keys.matches(store.heap.object(keyOffset), store.heap.object((Long) other));
    long[] image = new long[3];
    for (Bucket[] row : buckets) {
      Bucket b = row[p];
      for (int i = 0; i < b.size; i++) {
        int hash = b.hashes[i];
        long entry = b.entries[i];
        long key = EntryLayout.key(entry);
        int length = keys.imageAt(store.heap, key, image);
        int prior = t.find(hash, image, length, key, stored);
        if (prior >= 0) throw duplicate(t.slot(prior), b.slots[i]);
        t.add(hash, b.slots[i], image, length, key, EntryLayout.value(entry), entry);
      }
    }
    parts[p] = t;
  }

  private HeapCorruptException duplicate(int slot, int other) {
    return new HeapCorruptException(
        "two entries with equivalent keys in one map: slots "
            + slot
            + " and "
            + other
            + " file="
            + store.heap.file());
  }

  /** A growable list of live entries, filled by one worker. */
  private static final class Bucket {
    int[] hashes = new int[8];
    int[] slots = new int[8];
    long[] entries = new long[8];
    int size;

    void add(int hash, int slot, long entry) {
      if (size == hashes.length) {
        hashes = Arrays.copyOf(hashes, 2 * size);
        slots = Arrays.copyOf(slots, 2 * size);
        entries = Arrays.copyOf(entries, 2 * size);
      }
      hashes[size] = hash;
      slots[size] = slot;
      entries[size] = entry;
      size++;
    }
  }
}

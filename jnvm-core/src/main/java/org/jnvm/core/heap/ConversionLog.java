package org.jnvm.core.heap;

import org.jnvm.core.pmem.Pmem;

/**
 * Converts objects in place in batches, each batch all or nothing across a crash, through an undo
 * log of the objects' old images ({@link ConversionLogLayout}).
 *
 * <ol>
 *   <li>{@link #add}: copy each object's header and old payload into an entry.
 *   <li>{@link #arm}: write the entries back, fence (they are durable), store the count, write it
 *       back, fence: from here a crash undoes the batch. No object byte is written before this
 *       fence.
 *   <li>The caller rewrites each object in place (payload, then its header: new class id and size,
 *       one 8-byte store) and writes it back.
 *   <li>{@link #commit}: fence (the objects are durable), store count 0, write it back, fence: the
 *       batch is done, and the next batch's entries cannot reach media while this count is armed.
 * </ol>
 *
 * Four fences per batch, whatever its size. {@link #recover} (when a heap opens, before the mark)
 * copies every armed image back, fences, and clears the count: each object of the batch is then in
 * its old shape, byte for byte, and a migration run again converts it. Idempotent.
 */
final class ConversionLog {
  private final Heap heap;
  private final long log;
  private final String root;
  private final long[] targets = new long[ConversionLogLayout.CAPACITY / 24];
  private final long[] images = new long[targets.length];
  private final int[] lengths = new int[targets.length];
  private int n;
  private long used;

  private ConversionLog(Heap heap, long log, String root) {
    this.heap = heap;
    this.log = log;
    this.root = root;
  }

  /**
   * The heap's log of migration worker {@code worker} (each worker has its own, under its own root:
   * {@link ConversionLogLayout#root}), created and bound if there is none.
   */
  static ConversionLog open(Heap heap, int worker) {
    String root = ConversionLogLayout.root(worker);
    long off = heap.roots().offsetOf(root);
    if (off != 0) return new ConversionLog(heap, heap.base() + off, root);
    long log = heap.reserveRaw(Builtins.CONVERSION_LOG, ConversionLogLayout.PAYLOAD);
    Pmem.putLong(
        log + ObjectLayout.HEADER + ConversionLogLayout.CAPACITY_OFFSET,
        ConversionLogLayout.CAPACITY);
    Pmem.pwb(log, ObjectLayout.HEADER + (long) ConversionLogLayout.ENTRIES_OFFSET);
    heap.roots().putRaw(root, log - heap.base());
    return new ConversionLog(heap, log, root);
  }

  /** Logs the object at {@code obj} ({@code length}: header and old payload); false if full. */
  boolean add(long obj, int length) {
    int size = ConversionLogLayout.entrySize(length);
    if (n == targets.length || used + size > ConversionLogLayout.CAPACITY) return false;
    long e = ConversionLogLayout.entries(log) + used;
    Pmem.putLong(e + ConversionLogLayout.TARGET_OFFSET, obj - heap.base());
    Pmem.putLong(e + ConversionLogLayout.LENGTH_OFFSET, length);
    Pmem.copy(obj, e + ConversionLogLayout.IMAGE_OFFSET, length);
    targets[n] = obj;
    lengths[n] = length;
    images[n++] = e + ConversionLogLayout.IMAGE_OFFSET;
    used += size;
    return true;
  }

  int size() {
    return n;
  }

  long target(int i) {
    return targets[i];
  }

  /** The old image (header first) of entry {@code i}. */
  long image(int i) {
    return images[i];
  }

  /**
   * Step 2: the batch's entries are written back (once for the whole area: entries share lines) and
   * durable, then the count that makes them count.
   */
  void arm() {
    Pmem.pwb(ConversionLogLayout.entries(log), used);
    Pmem.pfence();
    Pmem.putLong(ConversionLogLayout.countAddress(log), n);
    Pmem.pwb(ConversionLogLayout.countAddress(log));
    Pmem.pfence();
  }

  /** Step 4: the converted objects are durable, then the count is cleared, durably. */
  void commit() {
    Pmem.pfence();
    Pmem.putLong(ConversionLogLayout.countAddress(log), 0);
    Pmem.pwb(ConversionLogLayout.countAddress(log));
    Pmem.pfence();
    n = 0;
    used = 0;
  }

  /**
   * Puts every object of the armed batch back as it was (a conversion threw), then clears the count
   * as {@link #commit} does: what recovery would do after a crash, done in place.
   */
  void rollBack() {
    for (int i = 0; i < n; i++) {
      Pmem.copy(images[i], targets[i], lengths[i]);
      Pmem.pwb(targets[i], lengths[i]);
    }
    commit();
  }

  /** Unbinds and frees the log once a migration is done (a 2.0 reader knows no log class). */
  void close() {
    heap.roots().remove(root);
    heap.freeRaw(log);
  }

  /**
   * Undoes the batches in flight, if any, of the logs bound to the roots of {@code roots} (one per
   * migration worker): called when a heap opens, before the mark. Returns a summary, empty if
   * nothing was armed. A read-only open cannot undo, so it refuses a heap with a batch in flight.
   */
  static String recover(Heap heap, MediaView view, Roots roots) {
    long count = 0;
    for (String name : roots.names()) {
      if (ConversionLogLayout.isRoot(name))
        count += recover(heap, view, roots.offsetOf(name), name);
    }
    return count == 0
        ? ""
        : "class migration: " + count + " objects rolled back to their stored shape";
  }

  /**
   * Undoes the batch of one worker's log: its objects are disjoint from every other log's, so each
   * log is restored on its own, in any order. Returns how many objects it put back.
   */
  private static long recover(Heap heap, MediaView view, long off, String name) {
    ClassRegistry.requireObject(view, off, Builtins.CONVERSION_LOG, "conversion log " + name);
    long log = view.base + off;
    long count = ConversionLogLayout.count(log);
    if (count == 0) return 0;
    if (heap.readOnly()) {
      throw new HeapCorruptException(
          "a class migration was interrupted ("
              + count
              + " objects half converted): open the heap read-write once to roll them back");
    }
    long e = ConversionLogLayout.entries(log);
    long end = e + ConversionLogLayout.capacity(log);
    for (long i = 0; i < count; i++) e = restore(view, e, end, i);
    Pmem.pfence();
    Pmem.putLong(ConversionLogLayout.countAddress(log), 0);
    Pmem.pwb(ConversionLogLayout.countAddress(log)); // durable at the next fence of anyone: below
    return count;
  }

  /** Copies entry {@code i} at {@code e} back to its object; returns the next entry. */
  private static long restore(MediaView view, long e, long end, long i) {
    long target = Pmem.getLong(e + ConversionLogLayout.TARGET_OFFSET);
    long length = Pmem.getLong(e + ConversionLogLayout.LENGTH_OFFSET);
    boolean sane =
        view.g.inData(target)
            && (target & (Pmem.LINE - 1)) == 0
            && length >= ObjectLayout.HEADER
            && length <= ConversionLogLayout.CAPACITY
            && e + ConversionLogLayout.entrySize((int) length) <= end;
    if (!sane) {
      throw new HeapCorruptException(
          "corrupt conversion log entry "
              + i
              + ": target=0x"
              + Long.toHexString(target)
              + " length="
              + length);
    }
    Pmem.copy(e + ConversionLogLayout.IMAGE_OFFSET, view.base + target, length);
    Pmem.pwb(view.base + target, length);
    return e + ConversionLogLayout.entrySize((int) length);
  }
}

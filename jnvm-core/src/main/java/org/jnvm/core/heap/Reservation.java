package org.jnvm.core.heap;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Consumer;
import org.jnvm.core.pmem.Pmem;

/**
 * The heap file's backing space. A format 2 heap file is as long as the heap's maximum size but
 * sparse: only chunks {@code [0, chunks())} have space reserved in the file system, and the
 * allocator hands out nothing beyond. Growing reserves the next step by writing zeros through the
 * file channel (on tmpfs and DAX file systems a write allocates the space or fails with ENOSPC,
 * which becomes a {@link HeapFullException}: a store into an unbacked page of a full tmpfs would
 * instead kill the JVM with SIGBUS), syncs, and only then publishes the new count durably ({@link
 * ReservationLayout}).
 *
 * <p>Crash argument: the count on media only grows and is published after the space it names is
 * reserved and synced, and before the allocator writes any chunk descriptor or object in the new
 * chunks. A crash before the publish leaves the old count: the new chunks held nothing, the next
 * growth zeroes them again. A crash after it leaves chunks that are reserved and free.
 */
final class Reservation {
  /** The smallest growth step unless the heap options give one: 64 MiB. */
  static final long MIN_STEP = 64L << 20;

  /**
   * The largest automatic step (a step is an eighth of what is reserved, within these bounds). A
   * growth's cost is its zeros: 0.33-0.37 s per GiB on tmpfs pages the machine has used before,
   * 2.7-3.0 s per GiB on the benchmarks' 2-vCPU VM wherever the hypervisor backs a guest page at
   * its first touch (1 GiB files written into /dev/shm with dd, 14 in a row: the first four fast,
   * the rest slow). Growth ahead ({@link GrowAhead}) keeps that wait off allocations unless they
   * outrun the grower thread; the bound caps the wait then, about 0.7 s at 256 MiB. In the bench's
   * paper-size workload D, with the bound at 1 GiB and growth on the allocating thread, an insert
   * waited 1.4 s for a 530 MB step (JFR native samples).
   */
  static final long MAX_STEP = 256L << 20;

  /**
   * For tests of a full file system where none can be mounted: a reservation reaching past this
   * file offset fails as ENOSPC would.
   */
  static volatile long failBeyond = Long.MAX_VALUE;

  /**
   * For tests: runs in each growth, with the heap's file, after the space is reserved and before
   * the count is published.
   */
  static volatile Consumer<Path> beforePublish = p -> {};

  private static final int ZEROS = 1 << 20;

  /**
   * One read per this many bytes maps the new chunks ({@link #premap}): Linux's default
   * fault-around window (fault_around_bytes), which maps up to 16 pages already in the page cache
   * on one read fault.
   */
  static final long PREMAP_STRIDE = 64 << 10;

  /** Where {@link #premap}'s reads go, so that the JIT keeps them. */
  @SuppressWarnings("unused")
  private static int premapSink;

  private final Path path;
  private final FileChannel channel;
  private final HeapGeometry g;
  private final long step;
  private long base;
  private volatile int chunks;

  Reservation(Path path, FileChannel channel, HeapGeometry g, int chunks, long step) {
    this.path = path;
    this.channel = channel;
    this.g = g;
    this.chunks = chunks;
    this.step = step;
  }

  /** The mapping's base, once mapped: where the reservation record is published. */
  void mapped(long mappingBase) {
    this.base = mappingBase;
  }

  /** Chunks with backing space. */
  int chunks() {
    return chunks;
  }

  /** Bytes of the file with backing space (superblock region, table pages and chunks in use). */
  long bytes() {
    return bytesFor(g, chunks);
  }

  /** Backed bytes of a heap with {@code chunks} chunks reserved. */
  static long bytesFor(HeapGeometry g, int chunks) {
    return g.tableOffset()
        + HeapGeometry.roundUp((long) chunks * ChunkLayout.SIZE, HeapGeometry.PAGE)
        + (long) chunks * g.chunkSize();
  }

  /** Chunks the first reservation of a new heap covers. */
  static int initialChunks(HeapGeometry g, long step) {
    return (int) Math.min(g.chunkCount(), Math.max(1, chunksOf(g, step > 0 ? step : MIN_STEP)));
  }

  /**
   * Reserves space for chunks {@code [from, to)}: the chunk-table pages that hold only their
   * descriptors, then their data, then syncs. Writes zeros only where no chunk below {@code from}
   * has data or a descriptor, so it may be repeated after a crash.
   */
  static void back(Path path, FileChannel ch, HeapGeometry g, int from, int to) throws IOException {
    long t0 =
        HeapGeometry.roundUp(g.tableOffset() + (long) from * ChunkLayout.SIZE, HeapGeometry.PAGE);
    long t1 =
        HeapGeometry.roundUp(g.tableOffset() + (long) to * ChunkLayout.SIZE, HeapGeometry.PAGE);
    zero(path, ch, t0, t1);
    zero(path, ch, g.chunkStart(from), g.chunkStart(to));
    ch.force(true);
  }

  /**
   * Grows by a step, and at least by {@code atLeast} chunks, up to the maximum; returns the new
   * count. If the file system cannot hold a whole step and {@code fallback} is set, tries {@code
   * atLeast} alone.
   *
   * @throws HeapFullException at the maximum size, or when the file system is full
   */
  synchronized int grow(int atLeast, long requested, boolean fallback) {
    int from = chunks;
    if (from >= g.chunkCount() || (long) from + atLeast > g.chunkCount()) {
      throw new HeapFullException(atMaximum(requested));
    }
    int wanted = (int) Math.min(g.chunkCount(), from + Math.max(atLeast, chunksOf(g, nextStep())));
    IOException failure = null;
    int[] sizes =
        fallback && wanted > from + atLeast
            ? new int[] {wanted, from + atLeast}
            : new int[] {wanted};
    for (int to : sizes) {
      try {
        back(path, channel, g, from, to);
        beforePublish.accept(path);
        ReservationLayout.publish(base, to);
        premap(from, to);
        chunks = to;
        return to;
      } catch (IOException e) {
        failure = e;
      }
    }
    throw fileSystemFull(requested, failure);
  }

  /**
   * Maps chunks {@code [from, to)} into this process before the allocator hands them out: one read
   * per {@link #PREMAP_STRIDE}, which a fault-around turns into one fault mapping the window's
   * pages (the zeros {@link #back} just wrote sit in the page cache), where the first stores would
   * take a fault per 4 KiB page. On tmpfs (shmem needs no write notification) the pages are mapped
   * writable. Reads only: nothing is stored, so media is unchanged whatever happens.
   */
  void premap(int from, int to) {
    if (base == 0) return; // not mapped yet
    long end = base + g.chunkStart(to);
    int sink = 0;
    for (long a = base + g.chunkStart(from); a < end; a += PREMAP_STRIDE) sink += Pmem.getByte(a);
    premapSink = sink;
  }

  /** Chunks the next growth step adds (at least one). */
  int stepChunks() {
    return (int) Math.max(1, chunksOf(g, nextStep()));
  }

  private long nextStep() {
    return step > 0 ? step : automaticStep((long) chunks * g.chunkSize());
  }

  /** The step after {@code reserved} bytes when the heap options give none. */
  static long automaticStep(long reserved) {
    return Math.max(MIN_STEP, Math.min(MAX_STEP, reserved / 8));
  }

  private static long chunksOf(HeapGeometry g, long bytes) {
    return (bytes + g.chunkSize() - 1) / g.chunkSize();
  }

  private static void zero(Path path, FileChannel ch, long from, long to) throws IOException {
    if (to > failBeyond) {
      throw new IOException("No space left on device (injected beyond offset " + failBeyond + ")");
    }
    long usable = Files.getFileStore(path).getUsableSpace();
    if (to - from > usable) {
      throw new IOException(
          "No space left on device: " + (to - from) + " bytes needed, " + usable + " usable");
    }
    ByteBuffer zeros = ByteBuffer.allocateDirect((int) Math.min(ZEROS, Math.max(1, to - from)));
    for (long pos = from; pos < to; ) {
      zeros.clear().limit((int) Math.min(zeros.capacity(), to - pos));
      pos += ch.write(zeros, pos);
    }
  }

  private String atMaximum(long requested) {
    return "heap full: requested="
        + requested
        + " bytes, the heap is at its maximum size of "
        + g.heapSize()
        + " bytes ("
        + chunks
        + " of "
        + g.chunkCount()
        + " chunks reserved); create it with a larger maximum (space is only reserved as it is"
        + " used) file="
        + path;
  }

  private HeapFullException fileSystemFull(long requested, IOException cause) {
    long usable;
    try {
      usable = Files.getFileStore(path).getUsableSpace();
    } catch (IOException e) {
      usable = -1;
    }
    HeapFullException e =
        new HeapFullException(
            "heap full: the file system holding the heap is full: requested="
                + requested
                + " bytes, cannot reserve more than the "
                + bytes()
                + " bytes reached (maximum "
                + g.heapSize()
                + ", usable space left "
                + usable
                + " bytes): "
                + cause.getMessage()
                + " file="
                + path);
    e.initCause(cause);
    return e;
  }
}

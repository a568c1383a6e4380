package org.jnvm.core.heap;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.BitSet;
import org.jnvm.core.JnvmException;
import org.jnvm.core.pmem.Pmem;
import org.jnvm.core.pmem.StoreBarrier;

/**
 * A persistent heap: one memory-mapped file holding objects, their class registry and named roots.
 * Build, then open: {@link #create}, {@link #open} or {@link #openOrCreate} return a heap that has
 * already recovered (see {@link Recovery}), or, with {@link HeapOptions#backgroundRecovery}, that
 * serves reads and writes at once while recovery's mark and sweep run on a thread of their own (see
 * {@link BackgroundRecovery}); {@link #close} is idempotent.
 *
 * <p>Nothing here is static: any number of heaps can be open in one JVM (the crash simulator opens
 * one per crash image). Proxies of a heap must not be used after it is closed.
 */
public final class Heap implements AutoCloseable {
  private final HeapFile file;
  private final HeapOptions options;
  private final long base;
  private final HeapGeometry g;
  private final ClassRegistry classes;
  private final Roots roots;
  private final Allocator allocator;
  private final Opened opened;

  /** Null when recovery ran before the open returned; else until its report is built. */
  private final BackgroundRecovery background;

  private volatile RecoveryReport report;
  private volatile boolean closed;

  private Heap(HeapFile file, HeapOptions options) {
    this.file = file;
    this.options = options;
    this.base = file.base();
    this.g = file.geometry;
    long t0 = System.nanoTime();
    int reserved = file.reservation.chunks();
    MediaView view = new MediaView(base, g, reserved);
    long sb = base;
    this.classes = ClassRegistry.load(this, view, SuperblockLayout.registryOffset(sb));
    view.classes = classes.infos();
    this.roots = new Roots(this, view, SuperblockLayout.rootsOffset(sb));
    String undone = ConversionLog.recover(this, view, roots);
    String replayed = options.readOnly() ? "" : Recovery.participants(this);
    replayed = undone.isEmpty() ? replayed : replayed.isEmpty() ? undone : undone + "; " + replayed;
    boolean inBackground = options.backgroundRecovery() && StoreBarrier.ENABLED;
    int threads = Recovery.threads(options, reserved, inBackground);
    long[] anchors = {SuperblockLayout.rootsOffset(sb), SuperblockLayout.registryOffset(sb)};
    this.opened = new Opened(t0, reserved, threads, replayed);
    if (inBackground) {
      this.background = new BackgroundRecovery(view, anchors, threads);
      this.allocator = newAllocator(background.provisional());
      allocator.recoverInBackground(background);
      background.start(allocator, file.path.getFileName().toString());
      opened.nanos = System.nanoTime() - t0;
      return;
    }
    this.background = null;
    long[] nanos = new long[2];
    SweepResult swept = Recovery.markAndSweep(view, anchors, threads, nanos);
    this.allocator = newAllocator(swept);
    opened.nanos = System.nanoTime() - t0;
    this.report = opened.report(swept, nanos[0], nanos[1], opened.nanos);
  }

  private Allocator newAllocator(SweepResult state) {
    return new Allocator(
        base, g, file.reservation, file.path.toString(), state, growsAhead(options));
  }

  /** What the open path did, for the recovery report. */
  private final class Opened {
    final long start;
    final int reserved;
    final int threads;
    final String replayed;
    long nanos;

    Opened(long start, int reserved, int threads, String replayed) {
      this.start = start;
      this.reserved = reserved;
      this.threads = threads;
      this.replayed = replayed;
    }

    RecoveryReport report(SweepResult swept, long mark, long sweep, long total) {
      return new RecoveryReport(
          file.path,
          swept.liveObjects(),
          swept.reclaimed(),
          swept.freeChunks().cardinality(),
          reserved,
          threads,
          mark,
          sweep,
          // the background may end before the open path does (a small heap): recovery ends when
          // both have
          Math.max(total, nanos),
          replayed,
          swept.volatileBytes(),
          nanos,
          true);
    }

    /** The open path's figures while the background mark and sweep run. */
    RecoveryReport partial() {
      return new RecoveryReport(
          file.path, 0, 0, 0, reserved, threads, 0, 0, nanos, replayed, 0, nanos, false);
    }
  }

  // ---- build, then open --------------------------------------------------------------------

  /**
   * Creates a new heap that can grow to {@code size} bytes; fails if the file exists. The file is
   * sparse: space is reserved in steps as objects are allocated (see {@link
   * HeapOptions#growthStep}), so a large maximum costs nothing until used.
   */
  public static Heap create(Path path, long size) {
    return create(path, size, HeapOptions.DEFAULT);
  }

  public static Heap create(Path path, long size, HeapOptions options) {
    checkSize(path, size);
    HeapFile tmp =
        HeapFile.createTemporary(path, size, options.syncMapping(), options.growthStep());
    try {
      format(tmp);
    } catch (RuntimeException e) {
      tmp.close();
      deleteQuietly(tmp.path);
      throw e;
    }
    HeapFile.publish(tmp, path);
    Heap h = open(path, options);
    h.file.reservation.premap(0, h.file.reservation.chunks()); // as a growth maps what it adds
    return h;
  }

  /**
   * Bytes of file system space the creation of a heap of maximum size {@code size} reserves
   * (superblock region, chunk table pages and the first growth step): what must be free to create
   * it.
   */
  public static long firstReservation(long size, HeapOptions options) {
    checkSize(Path.of("(new heap)"), size);
    HeapGeometry g = HeapGeometry.forSize(size);
    return Reservation.bytesFor(g, Reservation.initialChunks(g, options.growthStep()));
  }

  /** Opens an existing heap and recovers it; fails if it does not exist. Never formats. */
  public static Heap open(Path path) {
    return open(path, HeapOptions.DEFAULT);
  }

  public static Heap open(Path path, HeapOptions options) {
    HeapFile f =
        HeapFile.open(path, options.readOnly(), options.syncMapping(), options.growthStep());
    try {
      return new Heap(f, options);
    } catch (HeapCorruptException e) {
      f.close();
      String m = e.getMessage();
      throw m.contains(" file=") ? e : new HeapCorruptException(m + " file=" + path, e);
    } catch (RuntimeException e) {
      f.close();
      throw e;
    }
  }

  /** Opens the heap at {@code path} if the file exists, else creates it with {@code size}. */
  public static Heap openOrCreate(Path path, long size) {
    return openOrCreate(path, size, HeapOptions.DEFAULT);
  }

  public static Heap openOrCreate(Path path, long size, HeapOptions options) {
    return Files.exists(path) ? open(path, options) : create(path, size, options);
  }

  @Override
  public void close() {
    synchronized (this) {
      if (closed) return;
      closed = true;
    }
    if (background != null) background.cancel(file.path.toString()); // it reads the mapping
    allocator.close(); // a growth in flight stores into the mapping: it ends before the unmap
    file.close();
  }

  // ---- objects -----------------------------------------------------------------------------

  /**
   * Reserves a zeroed object of {@code type}; durable only once published (see PObject). If the
   * block library refuses the allocation, the reservation is released before its exception leaves.
   */
  long allocate(PersistentClass<?> type, long payload) {
    if (type.fixedSize() != PersistentClass.VARIABLE && payload != type.fixedSize()) {
      throw new IllegalArgumentException(
          "payload of a fixed-size class must be its size: class="
              + type.name()
              + " size="
              + type.fixedSize()
              + " requested="
              + payload);
    }
    long obj = reserveRaw(classes.idOf(type), payload);
    try {
      Blocks.SUPPORT.allocated(this, obj);
    } catch (RuntimeException | Error e) {
      allocator.free(obj); // refused (a doomed block): nobody will ever publish or free it
      throw e;
    }
    return obj;
  }

  long reserveRaw(int classId, long payload) {
    requireWritable("allocate");
    return allocator.reserve(classId, payload);
  }

  void freeRaw(long address) {
    allocator.free(address);
  }

  /**
   * Frees an object now (volatile). The caller has already made it unreachable durably; a crash
   * before that point simply keeps it. Freeing twice is detected and refused. Inside a
   * failure-atomic block the free is handed to the block library (see {@link BlockSupport}), which
   * performs it when the block commits.
   */
  public void free(PObject o) {
    requireWritable("free");
    if (o.heap() != this) throw new IllegalArgumentException("object of another heap: " + o);
    if (Blocks.SUPPORT.deferFree(this, o)) return;
    allocator.free(o.address());
  }

  /**
   * The proxy of the object at file offset {@code offset} (0 gives null). With checks on, the
   * offset must be the start of a live object; anything else is reported, never followed.
   */
  @SuppressWarnings("unchecked")
  public <T extends PObject> T object(long offset) {
    if (offset == 0) return null;
    if (Pmem.CHECKS && !allocator.isLiveObject(offset)) {
      throw new HeapCorruptException(
          "reference to a non-object or freed object: offset=0x"
              + Long.toHexString(offset)
              + " file="
              + file.path);
    }
    long a = base + offset;
    return (T) classes.classOf(ObjectLayout.classId(a), a).factory().resurrect(this, a);
  }

  /**
   * Brings every stored object of the earlier versions of {@code type} to its current shape now, as
   * the first use of the class in this heap would (docs/evolution.md), and returns how many objects
   * were converted. Refuses, writing nothing, if a field cannot follow ({@link
   * ShapeMismatchException}).
   */
  public long migrate(PersistentClass<?> type) {
    return migrate(type, Runtime.getRuntime().availableProcessors());
  }

  /** {@link #migrate(PersistentClass)} with up to {@code threads} threads (one per core above). */
  public long migrate(PersistentClass<?> type, int threads) {
    if (threads < 1) throw new IllegalArgumentException("threads must be >= 1: " + threads);
    requireWritable("migrate");
    return classes.migrate(type, threads);
  }

  /** True if {@code offset} is the start of an object allocated (and not freed) in this heap. */
  public boolean isLive(long offset) {
    return allocator.isLiveObject(offset);
  }

  /**
   * The address of the object at {@code offset}, after checking from its header alone that it is of
   * class {@code type}: for containers that read their own objects in place, without a proxy.
   * Unlike {@link #object}, it does not check liveness against the allocator: a container's links
   * are checked by recovery's mark and by {@link #verify()}, not on every read.
   *
   * @throws HeapCorruptException if the header names another class
   */
  public long addressOf(long offset, PersistentClass<?> type) {
    if (isObjectOf(offset, type)) return base + offset;
    boolean inside = offset > 0 && offset < g.heapSize() - ObjectLayout.HEADER;
    throw new HeapCorruptException(
        "expected an object of class "
            + type.name()
            + " at offset=0x"
            + Long.toHexString(offset)
            + ", header class id="
            + (inside
                ? Integer.toString(ObjectLayout.classId(base + offset))
                : "none (outside the heap)")
            + " file="
            + file.path);
  }

  /**
   * True if the header of the object at {@code offset} names class {@code type}: the non-throwing
   * form of {@link #addressOf}, for containers whose objects may be of several classes. False for
   * an offset outside the heap. No liveness check, as for {@link #addressOf}.
   */
  public boolean isObjectOf(long offset, PersistentClass<?> type) {
    boolean inside = offset > 0 && offset < g.heapSize() - ObjectLayout.HEADER;
    return inside && classes.classOf(ObjectLayout.classId(base + offset), base + offset) == type;
  }

  // ---- accessors ---------------------------------------------------------------------------

  public Roots roots() {
    return roots;
  }

  public Path file() {
    return file.path;
  }

  public long base() {
    return base;
  }

  /** The maximum size: the heap grows up to it. */
  public long size() {
    return g.heapSize();
  }

  /** Bytes of the file with space reserved (superblock, chunk table pages, reserved chunks). */
  public long reservedBytes() {
    return file.reservation.bytes();
  }

  /**
   * Bytes of the reserved chunks in use (chunks not free), a chunk granularity figure. While a
   * background recovery runs, every chunk in use when the heap opened counts as used.
   */
  public long usedBytes() {
    return (long) allocator.usedChunks() * g.chunkSize();
  }

  public boolean readOnly() {
    return options.readOnly();
  }

  public boolean isClosed() {
    return closed;
  }

  public HeapOptions options() {
    return options;
  }

  /**
   * What recovery did when this heap was opened. With {@link HeapOptions#backgroundRecovery} and
   * the mark and sweep still running, the open path's figures only ({@link
   * RecoveryReport#complete()} false): {@link #awaitRecovery} waits for the whole report. Otherwise
   * (and once the background work is done) the whole report, at once.
   *
   * @throws HeapCorruptException if the background mark found the heap corrupt
   */
  public RecoveryReport recoveryReport() {
    RecoveryReport r = report;
    if (r != null) return r;
    if (!background.isDone()) return opened.partial();
    return awaitRecovery();
  }

  /**
   * Waits until recovery's mark and sweep are done (at once, unless they run in the background) and
   * returns the whole report. Allocations and frees never need this: they wait only when they must.
   *
   * @throws HeapCorruptException if the mark found the heap corrupt (the program may have read it
   *     meanwhile; it allocates only in chunks that were free, and no free of an older object takes
   *     effect)
   */
  public RecoveryReport awaitRecovery() {
    RecoveryReport r = report;
    if (r != null) return r;
    background.await();
    SweepResult swept = background.swept();
    r =
        opened.report(
            swept,
            background.markNanos(),
            background.sweepNanos(),
            background.endNanos() - opened.start);
    report = r;
    return r;
  }

  /** True once recovery's mark and sweep are done (always, unless they run in the background). */
  public boolean recovered() {
    return report != null || background.isDone();
  }

  /**
   * Reserved chunks not in use, of {@link #reservedChunks()}; while a background recovery runs,
   * only those free when the heap opened or grown since.
   */
  public int freeChunks() {
    return allocator.freeChunkCount();
  }

  /** Chunks at the maximum size. */
  public int chunkCount() {
    return g.chunkCount();
  }

  /** Chunks with backing space now. */
  public int reservedChunks() {
    return allocator.reservedChunks();
  }

  /**
   * Throws if this heap's file was found changed under the JVM (see {@link #fileFault}): from then
   * on allocations, frees and failure-atomic blocks are refused.
   *
   * @throws org.jnvm.core.pmem.MappedFileChangedException naming the file
   */
  public void requireUsable() {
    file.mapping.requireUsable();
  }

  /**
   * What {@code t}, thrown while using this heap, means for it: if its file was truncated or cut
   * short under the JVM (HotSpot reports the fault as an {@link InternalError} that names no file),
   * the heap is refused from now on and the returned exception names the file, with {@code t} as
   * its cause; otherwise null. For layers that catch what an operation threw (the store).
   */
  public org.jnvm.core.pmem.MappedFileChangedException fileFault(Throwable t) {
    return closed ? null : file.mapping.fault(t);
  }

  /** Runs every check recovery makes, collecting problems instead of stopping at the first. */
  public VerifyReport verify() {
    awaitRecovery();
    return Verifier.verify(this);
  }

  /** Superblock, sizes, classes and roots, as text. */
  public String describe() {
    return HeapInfo.describe(this);
  }

  HeapGeometry geometry() {
    return g;
  }

  ClassRegistry classes() {
    return classes;
  }

  Allocator allocator() {
    return allocator;
  }

  /**
   * Whether this heap grows on the grower thread: not read-only, and not under a store-tracking
   * gateway backend (the crash simulator applies a fence of any thread to the session it explores,
   * so another thread's fences would hide the workload's missing ones).
   */
  private static boolean growsAhead(HeapOptions options) {
    return options.growAhead() && !options.readOnly() && !Pmem.backend().tracksStores();
  }

  private void requireWritable(String op) {
    if (options.readOnly()) {
      throw new JnvmException("cannot " + op + " in a heap opened read-only: file=" + file.path);
    }
    if (closed) throw new JnvmException("heap is closed: file=" + file.path);
    file.mapping.requireUsable();
  }

  // ---- creation ----------------------------------------------------------------------------

  private static void checkSize(Path path, long size) {
    if (size < HeapGeometry.minHeapSize() || size > HeapGeometry.MAX_HEAP) {
      throw new HeapAccessException(
          "heap size out of range: requested="
              + size
              + " min="
              + HeapGeometry.minHeapSize()
              + " max="
              + HeapGeometry.MAX_HEAP
              + " file="
              + path);
    }
    String mapping = Pmem.mappingProblem(size);
    if (mapping != null) throw new HeapAccessException(mapping + " file=" + path);
  }

  /** Writes the initial segments, then the superblock, each durable before the next step. */
  private static void format(HeapFile f) {
    HeapGeometry g = f.geometry;
    long base = f.base();
    int reserved = f.reservation.chunks();
    SweepResult empty =
        new SweepResult(
            new long[reserved],
            allChunks(reserved),
            new Bitmap(g.granules(reserved), g.granules(g.chunkCount())),
            pools(),
            0,
            0);
    Allocator a = new Allocator(base, g, f.reservation, f.path.toString(), empty, false);
    long roots = a.reserve(Builtins.ROOT_SEGMENT, RootSegmentLayout.PAYLOAD);
    long registry = a.reserve(Builtins.REGISTRY_SEGMENT, RegistrySegmentLayout.PAYLOAD);
    Pmem.pwb(roots, ObjectLayout.HEADER + RootSegmentLayout.PAYLOAD);
    Pmem.pwb(registry, ObjectLayout.HEADER + RegistrySegmentLayout.PAYLOAD);
    Pmem.pfence();
    ReservationLayout.publish(base, reserved);
    SuperblockLayout.write(base, g, roots - base, registry - base, System.currentTimeMillis());
    Pmem.persist(base, SuperblockLayout.SIZE);
  }

  private static BitSet allChunks(int chunks) {
    BitSet b = new BitSet(chunks);
    b.set(0, chunks);
    return b;
  }

  private static LongStack[] pools() {
    LongStack[] p = new LongStack[SizeClasses.count()];
    for (int i = 0; i < p.length; i++) p[i] = new LongStack(16);
    return p;
  }

  private static void deleteQuietly(Path p) {
    try {
      Files.deleteIfExists(p);
    } catch (java.io.IOException ignored) {
      // a leftover temporary file is named after the heap and harmless
    }
  }
}

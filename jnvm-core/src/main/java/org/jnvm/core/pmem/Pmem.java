package org.jnvm.core.pmem;

import java.io.IOException;
import java.lang.reflect.Field;
import java.nio.Buffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import sun.misc.Unsafe;

/**
 * The gateway: every persistent load, store, write-back and fence in J-NVM goes through this class,
 * and nothing else touches {@code Unsafe}, the writeback intrinsics or the mappings.
 *
 * <p>The backend is chosen once, when this class initialises, and kept in static finals so that C2
 * inlines the chosen path and folds the others away (see {@link BackendSelector} for the order and
 * {@code docs/gateway.md} for the flags it needs). Loads and stores are plain {@code Unsafe}
 * accesses; they are not bounds-checked here: callers validate addresses read from media before
 * use, and {@link #CHECKS} guards write-backs against unmapped addresses, which would otherwise
 * kill the JVM, and (with {@link #FILE_CHECKS}) against lines whose file was cut short under the
 * JVM ({@link #requireReadable}).
 *
 * <p>Every store first checks whether a {@link StoreBarrier} hook is registered (a heap whose
 * recovery's mark runs in the background) and calls it before storing.
 */
public final class Pmem {
  /** Cache line size: the unit of write-back and of crash-simulation tracking. */
  public static final int LINE = 64;

  /** Safety checks on addresses (on unless {@code -Djnvm.checks=false}). */
  public static final boolean CHECKS = !"false".equals(System.getProperty("jnvm.checks"));

  /**
   * The probe that a heap file still backs a line before a write-back or a compare-and-set (see
   * {@link #requireReadable}): on with the checks unless {@code -Djnvm.checks.file=false}.
   */
  public static final boolean FILE_CHECKS =
      CHECKS && !"false".equals(System.getProperty("jnvm.checks.file"));

  private static final Unsafe U = unsafe();
  private static final long BUFFER_ADDRESS = bufferAddressOffset();
  private static final long BYTE_ARRAY_BASE = Unsafe.ARRAY_BYTE_BASE_OFFSET;
  private static final BackendSelector.Choice CHOICE = BackendSelector.select();
  private static final PmemBackend BACKEND = CHOICE.backend();
  private static final boolean TRACKING = BACKEND.tracksStores();
  private static final MapRoute MAP_ROUTE = MapRoutes.select();

  /** Stores call {@link StoreBarrier} hooks (see there); false folds the check away. */
  private static final boolean BARRIER = StoreBarrier.ENABLED;

  /**
   * One start-up line: the backend in use, or, on the msync fallback, a warning saying so (always
   * printed, even with {@code -Djnvm.log=false}), never both.
   */
  static {
    String line = "gateway backend: " + CHOICE.describe() + "; mapping: " + mappingDescription();
    if (CHOICE.fallback()) {
      System.err.println("[jnvm] WARNING: using the msync fallback, much slower; " + line);
    } else if (!"false".equals(System.getProperty("jnvm.log"))) {
      System.err.println("[jnvm] " + line);
    }
  }

  private Pmem() {}

  /** The name of the backend in use. */
  public static String backendName() {
    return BACKEND.name();
  }

  /** One line: the backend in use and why it was chosen. */
  public static String backendDescription() {
    return CHOICE.describe();
  }

  /** The backend in use (emulation uses this to reach its own backend). */
  public static PmemBackend backend() {
    return BACKEND;
  }

  // ---- loads -------------------------------------------------------------------------------

  public static byte getByte(long a) {
    return U.getByte(a);
  }

  public static short getShort(long a) {
    return U.getShort(a);
  }

  public static char getChar(long a) {
    return U.getChar(a);
  }

  /**
   * An aligned int is read as half of its aligned long: C2 compiles {@code (long) U.getInt(a)} to
   * one sign-extending load (movslq), and HotSpot 17's handler of a fault on the mapping cannot
   * decode that instruction to skip it (the JVM dies in {@code Assembler::locate_operand} instead
   * of throwing an {@link InternalError}, see {@link #requireReadable}). A plain 8-byte load and a
   * shift cost the same.
   */
  public static int getInt(long a) {
    if ((a & 3) != 0) return U.getInt(a);
    return (int) (U.getLong(a & -8L) >>> ((a & 4) << 3)); // little-endian: the high half at +4
  }

  public static long getLong(long a) {
    return U.getLong(a);
  }

  public static float getFloat(long a) {
    return U.getFloat(a);
  }

  public static double getDouble(long a) {
    return U.getDouble(a);
  }

  public static long getLongVolatile(long a) {
    return U.getLongVolatile(null, a);
  }

  /** Copies {@code len} persistent bytes at {@code src} into {@code dst[off..]}. */
  public static void read(long src, byte[] dst, int off, int len) {
    U.copyMemory(null, src, dst, BYTE_ARRAY_BASE + off, len);
  }

  /**
   * The {@code len} persistent bytes at {@code src}, in a new array. The array is not zeroed first
   * where the JVM allows it ({@link #readsWithoutZeroing}): the copy writes every byte of it.
   *
   * @throws IllegalArgumentException if {@code len} is negative
   */
  public static byte[] readBytes(long src, int len) {
    if (len < 0) throw new IllegalArgumentException("negative length: len=" + len + " src=" + src);
    byte[] b = UninitializedBytes.of(len);
    U.copyMemory(null, src, b, BYTE_ARRAY_BASE, len);
    return b;
  }

  /** True if {@link #readBytes} allocates without zeroing (the gateway's flags are given). */
  public static boolean readsWithoutZeroing() {
    return UninitializedBytes.available();
  }

  // ---- stores ------------------------------------------------------------------------------

  public static void putByte(long a, byte v) {
    if (BARRIER && StoreBarrier.armed) StoreBarrier.before(a, 1);
    U.putByte(a, v);
    if (TRACKING) BACKEND.stored(a, 1);
  }

  public static void putShort(long a, short v) {
    if (BARRIER && StoreBarrier.armed) StoreBarrier.before(a, 2);
    U.putShort(a, v);
    if (TRACKING) BACKEND.stored(a, 2);
  }

  public static void putChar(long a, char v) {
    if (BARRIER && StoreBarrier.armed) StoreBarrier.before(a, 2);
    U.putChar(a, v);
    if (TRACKING) BACKEND.stored(a, 2);
  }

  public static void putInt(long a, int v) {
    if (BARRIER && StoreBarrier.armed) StoreBarrier.before(a, 4);
    U.putInt(a, v);
    if (TRACKING) BACKEND.stored(a, 4);
  }

  public static void putLong(long a, long v) {
    if (BARRIER && StoreBarrier.armed) StoreBarrier.before(a, 8);
    U.putLong(a, v);
    if (TRACKING) BACKEND.stored(a, 8);
  }

  public static void putFloat(long a, float v) {
    if (BARRIER && StoreBarrier.armed) StoreBarrier.before(a, 4);
    U.putFloat(a, v);
    if (TRACKING) BACKEND.stored(a, 4);
  }

  public static void putDouble(long a, double v) {
    if (BARRIER && StoreBarrier.armed) StoreBarrier.before(a, 8);
    U.putDouble(a, v);
    if (TRACKING) BACKEND.stored(a, 8);
  }

  /** A store with release semantics, for structures read concurrently without locks. */
  public static void putLongRelease(long a, long v) {
    if (BARRIER && StoreBarrier.armed) StoreBarrier.before(a, 8);
    U.putLongVolatile(null, a, v);
    if (TRACKING) BACKEND.stored(a, 8);
  }

  /** Atomic compare-and-set of 8 aligned bytes. */
  public static boolean compareAndSetLong(long a, long expected, long value) {
    if (BARRIER && StoreBarrier.armed) StoreBarrier.before(a, 8);
    if (FILE_CHECKS) requireReadable(a); // interpreted, Unsafe_CompareAndSetLong is unprotected
    boolean done = U.compareAndSwapLong(null, a, expected, value);
    if (TRACKING && done) BACKEND.stored(a, 8);
    return done;
  }

  /** Copies {@code src[off..off+len)} to persistent memory at {@code dst}. */
  public static void write(byte[] src, int off, long dst, int len) {
    if (BARRIER && StoreBarrier.armed) StoreBarrier.before(dst, len);
    U.copyMemory(src, BYTE_ARRAY_BASE + off, null, dst, len);
    if (TRACKING) BACKEND.stored(dst, len);
  }

  /** Copies {@code len} bytes between two persistent addresses (ranges may not overlap). */
  public static void copy(long src, long dst, long len) {
    if (BARRIER && StoreBarrier.armed) StoreBarrier.before(dst, len);
    U.copyMemory(src, dst, len);
    if (TRACKING) BACKEND.stored(dst, len);
  }

  /**
   * Sets {@code len} bytes at {@code dst} to {@code value}, by plain stores: single bytes up to an
   * 8-byte boundary, 8-byte stores, single bytes for a tail. Never {@code Unsafe.setMemory}: on JDK
   * 17 its call into the VM costs more than the stores for small fills (FillBench, JDK 17: 18, 22,
   * 63 and 177 ns for 16, 64, 1088 and 4096 bytes against 3.6, 7.0, 38 and 135; JDK 25 compiles it
   * in line and both ways cost the same), and a fault inside it (the heap file truncated under the
   * JVM) kills the JVM, where a fault in a plain store is an {@link InternalError} (see {@link
   * #requireReadable}).
   */
  public static void fill(long dst, long len, byte value) {
    if (BARRIER && StoreBarrier.armed) StoreBarrier.before(dst, len);
    if (len < 0) throw new IllegalArgumentException("negative fill length: len=" + len);
    fillByStores(dst, len, value);
    if (TRACKING) BACKEND.stored(dst, len);
  }

  private static void fillByStores(long dst, long len, byte value) {
    long end = dst + len;
    long a = dst;
    for (; (a & 7) != 0 && a < end; a++) U.putByte(a, value);
    long word = (value & 0xffL) * 0x0101010101010101L;
    for (long w = (end - a) >>> 3; w > 0; ) { // int-counted inner loops: C2 unrolls them
      int n = (int) Math.min(w, 1 << 20);
      for (int i = 0; i < n; i++) U.putLong(a + ((long) i << 3), word);
      a += (long) n << 3;
      w -= n;
    }
    for (; a < end; a++) U.putByte(a, value);
  }

  /** The smallest page: a file cut short faults whole pages. */
  private static final long PAGE = 4096;

  /** What a probe's slot holds before the copy; the second probe uses its complement. */
  private static final byte PROBE_SENTINEL = (byte) 0xa5;

  /**
   * The probes: one byte per thread slot, a cache line apart (a thread-local lookup cost more than
   * the probe). Two threads sharing a slot matter only if both probe as a file is cut.
   */
  private static final int PROBE_SLOTS = 64;

  private static final byte[] PROBES = new byte[PROBE_SLOTS * LINE];

  /**
   * Before a write-back of the line holding {@code a} (or a compare-and-set on it): throws if the
   * heap's file no longer backs it. A fault on a mapped heap (its file truncated or cut short by
   * another process) is a SIGBUS. HotSpot turns one raised by an {@code Unsafe} load, store or copy
   * into an {@link InternalError}, but not one raised by a write-back: interpreted or compiled by
   * C1, {@code writeback0} is a native without that protection; compiled by C2, the handler cannot
   * decode clflushopt/clwb to skip it (JDK 17.0.15: "ShouldNotReachHere" in {@code
   * Assembler::locate_operand}). Either kills the JVM. So the line is probed first, synchronously,
   * by copying its first byte into the thread's probe slot, preset to a sentinel:
   *
   * <ol>
   *   <li>interpreted or in C1, the copy is {@code Unsafe_CopyMemory0}, a VM call guarded against
   *       faults: a fault throws {@link InternalError} as the call returns, before the write-back;
   *   <li>in C2 code, the copy is the {@code unsafe_arraycopy} stub, whose faults resume at the
   *       stub's exit, the slot untouched, and throw only later: a slot still holding the sentinel
   *       means the copy faulted, or the byte equals the sentinel; a second probe with the
   *       sentinel's complement tells the two apart, and only a fault (both sentinels left) costs a
   *       look at the file's length ({@link #requireBacked}), which throws {@link
   *       MappedFileChangedException}.
   * </ol>
   *
   * One path for all tiers: telling them apart needs {@code MethodHandleImpl.isCompileConstant} and
   * {@code --add-opens java.base/java.lang.invoke}, an extra flag for every user. A file shrunk
   * between the probe and the write-back still kills the JVM: see {@code docs/gateway.md} for what
   * an operator must not do and what the probe costs. Off with {@code -Djnvm.checks.file=false}.
   */
  private static void requireReadable(long a) {
    int slot = (int) (Thread.currentThread().getId() & (PROBE_SLOTS - 1)) * LINE;
    if (!copied(a, slot, PROBE_SENTINEL) && !copied(a, slot, (byte) ~PROBE_SENTINEL)) {
      requireBacked(a);
    }
  }

  /**
   * Presets probe {@code slot} to {@code sentinel} and copies the byte at {@code a} over it: true
   * if the slot changed (the copy happened and the byte is not the sentinel).
   */
  private static boolean copied(long a, int slot, byte sentinel) {
    PROBES[slot] = sentinel;
    U.copyMemory(null, a, PROBES, BYTE_ARRAY_BASE + slot, 1);
    return PROBES[slot] != sentinel;
  }

  /**
   * Throws {@link MappedFileChangedException} if the file no longer backs the heap byte {@code a}.
   */
  private static void requireBacked(long a) {
    Mapping m = Mappings.find(a);
    if (m != null) m.requireBacked(a);
  }

  // ---- durability --------------------------------------------------------------------------

  /** Writes back the line holding {@code a}. Durable only after a later fence. */
  public static void pwb(long a) {
    if (CHECKS) {
      Mappings.require(a, "pwb");
      if (FILE_CHECKS) requireReadable(a);
    }
    BACKEND.pwb(a);
  }

  /** Writes back every line that holds a byte of {@code [a, a + len)}. */
  public static void pwb(long a, long len) {
    if (len <= 0) return;
    if (CHECKS) {
      Mappings.require(a, "pwb");
      Mappings.require(a + len - 1, "pwb");
    }
    for (long line = a & -LINE, end = a + len; line < end; line += LINE) {
      if (FILE_CHECKS && (line == (a & -LINE) || (line & (PAGE - 1)) == 0)) {
        requireReadable(line); // a page faults whole
      }
      BACKEND.pwb(line);
    }
  }

  /** Orders earlier write-backs before later stores. */
  public static void pfence() {
    BACKEND.pfence();
  }

  /** Returns once every earlier write-back is durable. */
  public static void psync() {
    BACKEND.psync();
  }

  /** Writes back {@code [a, a + len)} and waits until it is durable. */
  public static void persist(long a, long len) {
    pwb(a, len);
    psync();
  }

  // ---- mappings ----------------------------------------------------------------------------

  /**
   * Maps {@code [0, size)} of an open channel as one contiguous range and registers the mapping
   * with the backend. Any size up to {@link #maxMappingSize()} (see {@code docs/gateway.md} for the
   * route each JDK takes).
   *
   * @param sync use a synchronous (MAP_SYNC) mapping, for DAX file systems
   * @throws IOException if the mapping fails, or is larger than this JVM can map (the message says
   *     why and what to change)
   */
  public static Mapping map(Path file, FileChannel ch, long size, boolean readOnly, boolean sync)
      throws IOException {
    if (size > MAP_ROUTE.maxSize()) throw new IOException(MapRoutes.tooLarge(MAP_ROUTE, size));
    MappedRegion r = MAP_ROUTE.map(ch, size, mapMode(readOnly, sync), sync);
    Mapping m = new Mapping(file, ch, r, size, readOnly);
    Mappings.add(m);
    BACKEND.mapped(m);
    return m;
  }

  /** Unmaps now. Proxies into the mapping must not be used afterwards. */
  public static void unmap(Mapping m) {
    BACKEND.unmapping(m);
    Mappings.remove(m);
    m.region().unmap();
  }

  /** The largest heap mapping this JVM can make, in bytes. */
  public static long maxMappingSize() {
    return MAP_ROUTE.maxSize();
  }

  /**
   * Why a mapping of {@code size} bytes cannot be made in this JVM and what to change, or null if
   * it can.
   */
  public static String mappingProblem(long size) {
    return size > MAP_ROUTE.maxSize() ? MapRoutes.tooLarge(MAP_ROUTE, size) : null;
  }

  /** The mapping route in use and its limit, for the start-up line. */
  public static String mappingDescription() {
    return MAP_ROUTE.maxSize() == Long.MAX_VALUE
        ? MAP_ROUTE.name() + " (any size)"
        : MAP_ROUTE.name() + " (at most " + MAP_ROUTE.maxSize() + " bytes)";
  }

  /** The address of a direct buffer's first byte (for {@link BufferRoute}). */
  static long bufferAddress(Buffer b) {
    return U.getLong(b, BUFFER_ADDRESS);
  }

  /** Unmaps a mapped buffer now (for {@link BufferRoute}). */
  static void invokeCleaner(java.nio.ByteBuffer b) {
    U.invokeCleaner(b);
  }

  /** The live mapping holding {@code address}, or null. */
  public static Mapping mappingOf(long address) {
    return Mappings.find(address);
  }

  private static FileChannel.MapMode mapMode(boolean readOnly, boolean sync) {
    if (readOnly) {
      return sync ? jdk.nio.mapmode.ExtendedMapMode.READ_ONLY_SYNC : FileChannel.MapMode.READ_ONLY;
    }
    return sync ? jdk.nio.mapmode.ExtendedMapMode.READ_WRITE_SYNC : FileChannel.MapMode.READ_WRITE;
  }

  private static Unsafe unsafe() {
    try {
      Field f = Unsafe.class.getDeclaredField("theUnsafe");
      f.setAccessible(true);
      return (Unsafe) f.get(null);
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  private static long bufferAddressOffset() {
    try {
      return U.objectFieldOffset(Buffer.class.getDeclaredField("address"));
    } catch (NoSuchFieldException e) {
      throw new ExceptionInInitializerError(e);
    }
  }
}

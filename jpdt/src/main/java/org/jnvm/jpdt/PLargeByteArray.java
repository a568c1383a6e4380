package org.jnvm.jpdt;

import java.util.Objects;
import org.jnvm.core.heap.Heap;
import org.jnvm.core.heap.HeapCorruptException;
import org.jnvm.core.heap.PObject;
import org.jnvm.core.heap.PersistentClass;
import org.jnvm.core.pmem.Pmem;

/**
 * A fixed-length persistent array of bytes indexed by {@code long}: past the 2 GiB an object can
 * hold, as a spine ({@link PRefArray}) of leaves ({@link PByteArray}) of {@code leafBytes} each (64
 * MiB by default), all owned by this object.
 *
 * <pre>
 *   payload 0          8           12          16          24
 *           +----------+-----------+-----------+-----------+
 *           | length   | leafBytes | reserved  | spine ref |
 *           | (long)   | (int, 2^k)| (= 0)     | PRefArray |
 *           +----------+-----------+-----------+-----------+
 * </pre>
 *
 * <p>Durability: the constructor builds the leaves and the spine (each durable) and then this
 * object, written back and fenced: it can be published on return, and a crash before that leaves
 * only unreachable objects, which recovery frees. {@link #set} is durable when it returns and
 * atomic (one byte store); {@link #write} is durable when it returns, not atomic. The proxy caches
 * the leaves' addresses, so an element access costs what a {@link PByteArray} one does plus a
 * shift.
 */
public final class PLargeByteArray extends PObject {
  /** Leaf size of arrays built by {@link #PLargeByteArray(Heap, long)}: 64 MiB. */
  public static final int DEFAULT_LEAF_BYTES = 1 << 26;

  static final int LENGTH = 0;
  static final int LEAF_BYTES = 8;
  static final int SPINE = 16;
  static final int SIZE = 24;

  public static final PersistentClass<PLargeByteArray> TYPE =
      PersistentClass.builder(
              "org.jnvm.jpdt.PLargeByteArray", (h, a) -> new PLargeByteArray(h, a, null))
          .fixedSize(SIZE)
          .refs(SPINE)
          .layout("length:long@0 leafBytes:int@8 reserved:int@12 spine:ref@16")
          .build();

  private long[] leaves; // addresses of the leaves' first elements, cached per proxy

  /** A durable zeroed array of {@code length} bytes. */
  public PLargeByteArray(Heap heap, long length) {
    this(heap, length, DEFAULT_LEAF_BYTES);
  }

  /**
   * A durable zeroed array of {@code length} bytes in leaves of {@code leafBytes} (a power of 2).
   */
  public PLargeByteArray(Heap heap, long length, int leafBytes) {
    super(heap, TYPE);
    if (length < 0) throw new NegativeArraySizeException("length=" + length);
    if (Integer.bitCount(leafBytes) != 1 || leafBytes < 4096 || leafBytes > (1 << 30)) {
      throw new IllegalArgumentException(
          "leafBytes must be a power of 2 from 4096 to 2^30: " + leafBytes);
    }
    long n = (length + leafBytes - 1) / leafBytes;
    if (n > Integer.MAX_VALUE) {
      throw new IllegalArgumentException(
          "too many leaves: length=" + length + " leaf=" + leafBytes);
    }
    PRefArray<PByteArray> spine = new PRefArray<>(heap, (int) n);
    for (int i = 0; i < n; i++) {
      spine.set(i, new PByteArray(heap, (int) Math.min(leafBytes, length - (long) i * leafBytes)));
    }
    setLong(LENGTH, length);
    setInt(LEAF_BYTES, leafBytes);
    setRef(SPINE, spine);
    persist();
  }

  private PLargeByteArray(Heap heap, long address, Resurrect r) {
    super(heap, address, r);
  }

  public long length() {
    return getLong(LENGTH);
  }

  public byte get(long i) {
    return Pmem.getByte(at(Objects.checkIndex(i, length())));
  }

  /** Stores {@code v} at {@code i}; durable on return. */
  public void set(long i, byte v) {
    long a = at(Objects.checkIndex(i, length()));
    InBlocks.beforeStore(a, 1);
    Pmem.putByte(a, v);
    Pmem.pwb(a);
    Pmem.psync();
  }

  /** Copies {@code len} bytes from {@code index} into {@code dst[off..]}, across leaves. */
  public void read(long index, byte[] dst, int off, int len) {
    Objects.checkFromIndexSize(index, len, length());
    Objects.checkFromIndexSize(off, len, dst.length);
    for (int done = 0; done < len; ) {
      int n = runAt(index + done, len - done);
      Pmem.read(at(index + done), dst, off + done, n);
      done += n;
    }
  }

  /** Copies {@code src[off..off+len)} to {@code index..}; durable on return, not atomic. */
  public void write(long index, byte[] src, int off, int len) {
    Objects.checkFromIndexSize(index, len, length());
    Objects.checkFromIndexSize(off, len, src.length);
    for (int done = 0; done < len; ) {
      int n = runAt(index + done, len - done);
      long a = at(index + done);
      InBlocks.beforeStore(a, n);
      Pmem.write(src, off + done, a, n);
      Pmem.pwb(a, n);
      done += n;
    }
    Pmem.psync();
  }

  /**
   * Frees this array and the leaves and spine it owns. The caller has made it unreachable durably
   * (as for {@link Heap#free}); proxies of it must not be used afterwards.
   */
  public void freeDeep() {
    PRefArray<PByteArray> spine = getRef(SPINE);
    for (int i = 0; i < spine.length(); i++) heap().free(spine.get(i));
    heap().free(spine);
    heap().free(this);
  }

  /** Bytes from {@code i} to the end of its leaf, at most {@code max}. */
  private int runAt(long i, int max) {
    long leaf = leafBytes();
    return (int) Math.min(max, leaf - (i & (leaf - 1)));
  }

  private long leafBytes() {
    return getInt(LEAF_BYTES);
  }

  private long at(long i) {
    long[] l = leaves();
    int shift = Long.numberOfTrailingZeros(leafBytes());
    return l[(int) (i >>> shift)] + (i & (leafBytes() - 1));
  }

  private long[] leaves() {
    long[] l = leaves;
    if (l == null) leaves = l = loadLeaves();
    return l;
  }

  private long[] loadLeaves() {
    long leaf = leafBytes();
    long length = length();
    PRefArray<PByteArray> spine = getRef(SPINE);
    if (Long.bitCount(leaf) != 1 || spine == null || spine.length() != (length + leaf - 1) / leaf) {
      throw new HeapCorruptException(
          "PLargeByteArray at offset 0x"
              + Long.toHexString(offset())
              + " is inconsistent: length="
              + length
              + " leafBytes="
              + leaf
              + " spine="
              + (spine == null ? "null" : spine.length() + " leaves")
              + " file="
              + heap().file());
    }
    long[] l = new long[spine.length()];
    for (int i = 0; i < l.length; i++) {
      PByteArray b = spine.get(i);
      long expect = Math.min(leaf, length - i * leaf);
      if (b == null || b.length() != expect) {
        throw new HeapCorruptException(
            "PLargeByteArray leaf "
                + i
                + " has "
                + (b == null ? "no array" : b.length() + " bytes")
                + ", expected "
                + expect
                + ": offset=0x"
                + Long.toHexString(offset())
                + " file="
                + heap().file());
      }
      l[i] = ArrayLayout.element(b.address(), 0, ArrayLayout.BYTE_SIZE);
    }
    return l;
  }
}

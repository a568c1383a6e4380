package org.jnvm.jpdt;

import java.util.Objects;
import org.jnvm.core.JNVM;
import org.jnvm.core.heap.Heap;
import org.jnvm.core.heap.PObject;
import org.jnvm.core.heap.PersistentClass;
import org.jnvm.core.pmem.Pmem;

/**
 * A fixed-length persistent array of bytes (see {@link ArrayLayout}).
 *
 * <p>Inside a failure-atomic block (jpfa) element stores take part in the block: an abort, or a
 * crash before the block commits, restores them.
 *
 * <p>Durability: constructors write the array back and fence, so it can be published on return.
 * {@link #set} is durable when it returns and atomic (one byte store). {@link #write} is durable
 * when it returns, but a crash in the middle may leave any mix of old and new bytes in the range:
 * for an all-or-nothing replacement, build a new array and publish it with one reference store.
 */
public final class PByteArray extends PObject {
  public static final PersistentClass<PByteArray> TYPE =
      PersistentClass.builder("org.jnvm.jpdt.PByteArray", (h, a) -> new PByteArray(h, a, null))
          .layout("bytes@0")
          .build();

  /** A durable zeroed array of {@code length} bytes in {@code heap}. */
  public PByteArray(Heap heap, int length) {
    super(heap, TYPE, ArrayLayout.payloadSize(length, ArrayLayout.BYTE_SIZE));
    persist();
  }

  /** A durable copy of {@code src} in the default heap ({@link JNVM#heap()}). */
  public PByteArray(byte[] src) {
    this(JNVM.heap(), src);
  }

  /** A durable copy of {@code src} in {@code heap}: one bulk copy. */
  public PByteArray(Heap heap, byte[] src) {
    this(heap, src, true);
  }

  private PByteArray(Heap heap, byte[] src, boolean fence) {
    super(heap, TYPE, ArrayLayout.payloadSize(src.length, ArrayLayout.BYTE_SIZE));
    Pmem.write(src, 0, at(0), src.length);
    pwbObject();
    if (fence) Pmem.pfence();
  }

  private PByteArray(Heap heap, long address, Resurrect r) {
    super(heap, address, r);
  }

  /** A copy of {@code src}, written back but not fenced (containers fence once for several). */
  static PByteArray unfenced(Heap heap, byte[] src) {
    return new PByteArray(heap, src, false);
  }

  public int length() {
    return ArrayLayout.length(address(), ArrayLayout.BYTE_SIZE);
  }

  public byte get(int i) {
    return Pmem.getByte(at(Objects.checkIndex(i, length())));
  }

  /** Stores {@code v} at {@code i}; durable on return. */
  public void set(int i, byte v) {
    long a = at(Objects.checkIndex(i, length()));
    InBlocks.beforeStore(a, 1);
    Pmem.putByte(a, v);
    Pmem.pwb(a);
    Pmem.psync();
  }

  /** Copies {@code len} bytes from {@code index} into {@code dst[off..]}. */
  public void read(int index, byte[] dst, int off, int len) {
    Objects.checkFromIndexSize(index, len, length());
    Objects.checkFromIndexSize(off, len, dst.length);
    Pmem.read(at(index), dst, off, len);
  }

  /** Copies {@code src[off..off+len)} to {@code index..}; durable on return, not atomic. */
  public void write(int index, byte[] src, int off, int len) {
    Objects.checkFromIndexSize(index, len, length());
    Objects.checkFromIndexSize(off, len, src.length);
    InBlocks.beforeStore(at(index), len);
    Pmem.write(src, off, at(index), len);
    Pmem.pwb(at(index), len);
    Pmem.psync();
  }

  /** The bytes, as a volatile array. */
  public byte[] toArray() {
    return toArrayAt(address());
  }

  /** The bytes of the array object at address {@code a}, as a volatile array; no proxy. */
  static byte[] toArrayAt(long a) {
    return Pmem.readBytes(
        ArrayLayout.element(a, 0, ArrayLayout.BYTE_SIZE),
        ArrayLayout.length(a, ArrayLayout.BYTE_SIZE));
  }

  /** The key image of the array object at {@code a} ({@link PType#image}). */
  static int imageAt(long a, long[] dst) {
    return Bytes.image(
        ArrayLayout.element(a, 0, ArrayLayout.BYTE_SIZE),
        ArrayLayout.length(a, ArrayLayout.BYTE_SIZE),
        dst);
  }

  /** True if the array holds exactly the bytes of {@code v}. */
  public boolean contentEquals(byte[] v) {
    return contentEqualsAt(address(), v);
  }

  /** {@link #contentEquals(byte[])} for the array object at address {@code a}; no proxy. */
  static boolean contentEqualsAt(long a, byte[] v) {
    return v.length == ArrayLayout.length(a, ArrayLayout.BYTE_SIZE)
        && Bytes.equal(ArrayLayout.element(a, 0, ArrayLayout.BYTE_SIZE), v);
  }

  /** True if {@code other} (of any heap) holds the same bytes. */
  public boolean contentEquals(PByteArray other) {
    int n = length();
    return n == other.length() && Bytes.equal(at(0), other.at(0), n);
  }

  /** {@link java.util.Arrays#hashCode(byte[])} of the content. */
  public int contentHash() {
    return Bytes.hash(at(0), length());
  }

  private long at(int i) {
    return ArrayLayout.element(address(), i, ArrayLayout.BYTE_SIZE);
  }
}

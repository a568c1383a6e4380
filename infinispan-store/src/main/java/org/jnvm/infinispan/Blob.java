package org.jnvm.infinispan;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;
import org.jnvm.core.heap.Heap;
import org.jnvm.core.heap.HeapCorruptException;
import org.jnvm.core.heap.ObjectLayout;
import org.jnvm.core.heap.PObject;
import org.jnvm.core.heap.PersistentClass;
import org.jnvm.core.pmem.Pmem;

/**
 * Bytes produced by Infinispan's marshaller (a key, a value or metadata), owned by the store.
 * Immutable once published. A class of its own, not a {@code PByteArray}, so that a user's {@code
 * PByteArray} stored by reference is never taken for marshalled bytes.
 *
 * <pre>
 *   payload 0        4        8
 *   +--------+--------+----------------------+
 *   | length | hash   | data: length bytes   |
 *   | int    | int    |                      |
 *   +--------+--------+----------------------+
 * </pre>
 *
 * {@code hash} is {@link Arrays#hashCode(byte[])} of the data, stored so that rebuilding a map's
 * index after a restart hashes keys without reading their bytes.
 */
final class Blob extends PObject {
  /** Reads a byte array's bytes as the gateway reads memory: native order. */
  private static final VarHandle LONGS =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.nativeOrder());

  static final int LENGTH_OFFSET = 0;
  static final int HASH_OFFSET = LENGTH_OFFSET + Integer.BYTES;
  static final int DATA_OFFSET = HASH_OFFSET + Integer.BYTES;

  static final PersistentClass<Blob> TYPE =
      PersistentClass.builder("org.jnvm.infinispan.Blob", (h, a) -> new Blob(h, a, null))
          .layout("length:int@0 hash:int@4 data@8")
          .build();

  /** A copy of {@code b[off, off + len)}, written back, not fenced (the publisher fences). */
  Blob(Heap heap, byte[] b, int off, int len) {
    super(heap, TYPE, DATA_OFFSET + (long) len);
    setInt(LENGTH_OFFSET, len);
    setInt(HASH_OFFSET, hash(b, off, len));
    Pmem.write(b, off, fieldAddress(DATA_OFFSET), len);
    pwbObject();
  }

  private Blob(Heap heap, long address, Resurrect r) {
    super(heap, address, r);
    if (Pmem.CHECKS && (length() < 0 || DATA_OFFSET + (long) length() > payloadSize())) {
      throw new HeapCorruptException(
          "blob length out of its object: length="
              + length()
              + " payload="
              + payloadSize()
              + " file="
              + heap.file());
    }
  }

  /** {@link Arrays#hashCode(byte[])} of a range, computed without copying it. */
  static int hash(byte[] b, int off, int len) {
    int h = 1;
    for (int i = off; i < off + len; i++) h = 31 * h + b[i];
    return h;
  }

  int length() {
    return getInt(LENGTH_OFFSET);
  }

  int contentHash() {
    return getInt(HASH_OFFSET);
  }

  /** A volatile copy of the bytes. */
  byte[] toArray() {
    return Pmem.readBytes(fieldAddress(DATA_OFFSET), length());
  }

  /**
   * True if the blob holds exactly {@code b}, whose {@link #hash} is {@code hash}: eight bytes at a
   * time (the lookup of every marshalled key ends here).
   */
  boolean contentEquals(byte[] b, int hash) {
    return contentEqualsAt(address(), b, hash);
  }

  /** {@link #contentEquals} of the blob at address {@code obj}, read in place (no proxy). */
  static boolean contentEqualsAt(long obj, byte[] b, int hash) {
    long p = obj + ObjectLayout.HEADER;
    if (b.length != Pmem.getInt(p + LENGTH_OFFSET) || hash != Pmem.getInt(p + HASH_OFFSET)) {
      return false;
    }
    long a = p + DATA_OFFSET;
    int i = 0;
    for (; i + Long.BYTES <= b.length; i += Long.BYTES) {
      if (Pmem.getLong(a + i) != (long) LONGS.get(b, i)) return false;
    }
    for (; i < b.length; i++) {
      if (Pmem.getByte(a + i) != b[i]) return false;
    }
    return true;
  }
}

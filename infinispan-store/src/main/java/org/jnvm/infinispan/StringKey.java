package org.jnvm.infinispan;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import org.jnvm.core.heap.Heap;
import org.jnvm.core.heap.HeapCorruptException;
import org.jnvm.core.heap.ObjectLayout;
import org.jnvm.core.heap.PObject;
import org.jnvm.core.heap.PersistentClass;
import org.jnvm.core.pmem.Pmem;
import org.jnvm.jpdt.PType;

/**
 * A cache key that is a {@link String}, stored as its chars (no marshalling) and owned by the
 * store. A class of its own, neither a {@link Blob} nor a {@code PString}, so that a {@code String}
 * key never matches a marshalled key or a user's {@code PString} key (Infinispan tells them apart
 * too), and iteration hands Infinispan a {@code String} back. Immutable once published.
 *
 * <pre>
 *   payload 0        4        8       9          12
 *   +--------+--------+-------+----------+-----------------------------------+
 *   | length | hash   | coder | reserved | data: length bytes                |
 *   | int    | int    | byte  | 3 bytes  | Latin-1 (coder 0) or UTF-16 (1)   |
 *   +--------+--------+-------+----------+-----------------------------------+
 * </pre>
 *
 * {@code length} counts bytes; {@code hash} is {@link String#hashCode()}, so a lookup compares
 * hashes before bytes and an index rebuild hashes keys without reading them. UTF-16 chars are in
 * native order, each char as is (unpaired surrogates included: the copy is exact).
 */
final class StringKey extends PObject {
  /** Reads a byte array's bytes as the gateway reads memory: native order. */
  private static final VarHandle LONGS =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.nativeOrder());

  private static final VarHandle CHARS =
      MethodHandles.byteArrayViewVarHandle(char[].class, ByteOrder.nativeOrder());

  static final int LENGTH_OFFSET = 0;
  static final int HASH_OFFSET = LENGTH_OFFSET + Integer.BYTES;
  static final int CODER_OFFSET = HASH_OFFSET + Integer.BYTES;
  static final int DATA_OFFSET = CODER_OFFSET + 4;
  static final byte LATIN1 = 0;
  static final byte UTF16 = 1;

  static final PersistentClass<StringKey> TYPE =
      PersistentClass.builder("org.jnvm.infinispan.StringKey", (h, a) -> new StringKey(h, a, null))
          .layout("length:int@0 hash:int@4 coder:byte@8 data@12")
          .build();

  /** A copy of the key {@code k} (a {@link KeyForm} of a String), written back, not fenced. */
  StringKey(Heap heap, KeyForm k) {
    super(heap, TYPE, DATA_OFFSET + (long) k.bytes.length);
    setInt(LENGTH_OFFSET, k.bytes.length);
    setInt(HASH_OFFSET, k.hash);
    setByte(CODER_OFFSET, k.coder);
    Pmem.write(k.bytes, 0, fieldAddress(DATA_OFFSET), k.bytes.length);
    pwbObject();
  }

  private StringKey(Heap heap, long address, Resurrect r) {
    super(heap, address, r);
    if (Pmem.CHECKS) check(heap, address());
  }

  /** The bytes stored for {@code s}: Latin-1 when every char fits a byte, else UTF-16. */
  static byte[] encode(String s) {
    int n = s.length();
    for (int i = 0; i < n; i++) {
      if (s.charAt(i) > 0xff) return utf16(s);
    }
    return s.getBytes(StandardCharsets.ISO_8859_1);
  }

  /** The coder of {@link #encode}'s result for {@code s}. */
  static byte coder(String s, byte[] encoded) {
    return encoded.length == s.length() ? LATIN1 : UTF16;
  }

  private static byte[] utf16(String s) {
    byte[] b = new byte[s.length() * Character.BYTES];
    for (int i = 0; i < s.length(); i++) CHARS.set(b, i * Character.BYTES, s.charAt(i));
    return b;
  }

  int contentHash() {
    return getInt(HASH_OFFSET);
  }

  /** The key as a volatile String. */
  @Override
  public String toString() {
    return stringAt(address());
  }

  /** The String stored in the key object at address {@code a}. */
  static String stringAt(long a) {
    long p = a + ObjectLayout.HEADER;
    byte[] b = Pmem.readBytes(p + DATA_OFFSET, Pmem.getInt(p + LENGTH_OFFSET));
    if (Pmem.getByte(p + CODER_OFFSET) == LATIN1) {
      return new String(b, StandardCharsets.ISO_8859_1);
    }
    char[] c = new char[b.length / Character.BYTES];
    for (int i = 0; i < c.length; i++) c[i] = (char) CHARS.get(b, i * Character.BYTES);
    return new String(c);
  }

  /**
   * True if the key object at address {@code a} holds the key {@code k}: hash, coder and length
   * first, then the bytes eight at a time (every String lookup ends here, with no proxy).
   */
  static boolean contentEqualsAt(long a, KeyForm k) {
    long p = a + ObjectLayout.HEADER;
    byte[] b = k.bytes;
    if (Pmem.getInt(p + HASH_OFFSET) != k.hash
        || Pmem.getInt(p + LENGTH_OFFSET) != b.length
        || Pmem.getByte(p + CODER_OFFSET) != k.coder) {
      return false;
    }
    long d = p + DATA_OFFSET;
    int i = 0;
    for (; i + Long.BYTES <= b.length; i += Long.BYTES) {
      if (Pmem.getLong(d + i) != (long) LONGS.get(b, i)) return false;
    }
    for (; i < b.length; i++) {
      if (Pmem.getByte(d + i) != b[i]) return false;
    }
    return true;
  }

  /**
   * The index image ({@link org.jnvm.jpdt.PType#image}) of Latin-1 key bytes {@code b}: packed
   * little-endian into {@code dst[0..2]}, zero-padded; their length, or -1 if they are too long.
   */
  static int image(byte[] b, long[] dst) {
    if (b.length > PType.IMAGE_BYTES) return -1;
    dst[0] = dst[1] = dst[2] = 0;
    for (int i = 0; i < b.length; i++) dst[i >>> 3] |= (b[i] & 0xFFL) << ((i & 7) << 3);
    return b.length;
  }

  /** {@link #image(byte[], long[])} of the stored key at address {@code a}, read in place. */
  static int imageAt(long a, long[] dst) {
    long p = a + ObjectLayout.HEADER;
    int len = Pmem.getInt(p + LENGTH_OFFSET);
    if (Pmem.getByte(p + CODER_OFFSET) != LATIN1 || len < 0 || len > PType.IMAGE_BYTES) return -1;
    dst[0] = dst[1] = dst[2] = 0;
    long d = p + DATA_OFFSET;
    for (int i = 0; i < len; i++) dst[i >>> 3] |= (Pmem.getByte(d + i) & 0xFFL) << ((i & 7) << 3);
    return len;
  }

  /** Media is hostile input: the length and coder must fit the object before anything is read. */
  static void check(Heap heap, long a) {
    long p = a + ObjectLayout.HEADER;
    int len = Pmem.getInt(p + LENGTH_OFFSET);
    byte coder = Pmem.getByte(p + CODER_OFFSET);
    long payload = ObjectLayout.size(a);
    if (len < 0
        || DATA_OFFSET + (long) len > payload
        || (coder != LATIN1 && coder != UTF16)
        || (coder == UTF16 && len % 2 != 0)) {
      throw new HeapCorruptException(
          "string key out of its object: length="
              + len
              + " coder="
              + coder
              + " payload="
              + payload
              + " file="
              + heap.file());
    }
  }
}

package org.jnvm.ycsb;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReferenceArray;
import site.ycsb.ByteArrayByteIterator;
import site.ycsb.ByteIterator;

/**
 * A record as one compact {@code byte[]}: the cheapest marshalling a careful Infinispan user would
 * pick (Infinispan's marshaller writes a {@code byte[]} as is), and the representation of every
 * Infinispan row that does not keep J-NVM objects.
 *
 * <pre>
 *   0        2                 2+n            6+n
 *   +--------+--------+--------+--------------+--------+----- ... -----+
 *   | count  | nameLen| name   | valueLen     | value  | next field    |
 *   | u16    | u16    | UTF-8  | i32          | bytes  |               |
 *   +--------+--------+--------+--------------+--------+----- ... -----+
 * </pre>
 *
 * Big-endian, fields in insertion order.
 */
public final class ByteRecordCodec implements RecordCodec {
  public static final ByteRecordCodec INSTANCE = new ByteRecordCodec();

  private static final int COUNT_SIZE = Short.BYTES;
  private static final int NAME_LEN_SIZE = Short.BYTES;
  private static final int VALUE_LEN_SIZE = Integer.BYTES;
  private static final int MAX_FIELDS = 0xffff;

  /** The last name seen at each field position (see {@link #readName}). */
  private static final AtomicReferenceArray<Name> NAMES = new AtomicReferenceArray<>(64);

  private ByteRecordCodec() {}

  @Override
  public Object encode(Map<String, ByteIterator> values) {
    Map<String, byte[]> fields = new LinkedHashMap<>();
    values.forEach((k, v) -> fields.put(k, v.toArray()));
    return write(fields);
  }

  @Override
  public void decode(Object stored, Set<String> fields, Map<String, ByteIterator> out) {
    ByteBuffer b = ByteBuffer.wrap(bytes(stored));
    int count = Short.toUnsignedInt(b.getShort());
    for (int i = 0; i < count; i++) {
      String name = readName(b, i);
      int len = b.getInt();
      if (fields == null || fields.contains(name)) {
        out.put(name, new ByteArrayByteIterator(b.array(), b.position(), len));
      }
      b.position(b.position() + len);
    }
  }

  @Override
  public Object merge(Object stored, Map<String, ByteIterator> values) {
    Map<String, byte[]> fields = read(bytes(stored));
    values.forEach((k, v) -> fields.put(k, v.toArray()));
    return write(fields);
  }

  /** The fields of an encoded record, in order. */
  static Map<String, byte[]> read(byte[] record) {
    ByteBuffer b = ByteBuffer.wrap(record);
    int count = Short.toUnsignedInt(b.getShort());
    Map<String, byte[]> fields = new LinkedHashMap<>(count * 2);
    for (int i = 0; i < count; i++) {
      String name = readName(b, i);
      byte[] v = new byte[b.getInt()];
      b.get(v);
      fields.put(name, v);
    }
    return fields;
  }

  static byte[] write(Map<String, byte[]> fields) {
    if (fields.size() > MAX_FIELDS) {
      throw new IllegalArgumentException(
          "too many fields in a record: count=" + fields.size() + " max=" + MAX_FIELDS);
    }
    int size = COUNT_SIZE;
    byte[][] names = new byte[fields.size()][];
    int i = 0;
    for (Map.Entry<String, byte[]> e : fields.entrySet()) {
      names[i] = e.getKey().getBytes(StandardCharsets.UTF_8);
      size += NAME_LEN_SIZE + names[i++].length + VALUE_LEN_SIZE + e.getValue().length;
    }
    ByteBuffer b = ByteBuffer.allocate(size);
    b.putShort((short) fields.size());
    i = 0;
    for (byte[] v : fields.values()) {
      b.putShort((short) names[i].length).put(names[i++]);
      b.putInt(v.length).put(v);
    }
    return b.array();
  }

  /**
   * The name at {@code b}'s position, field {@code i} of its record. Records repeat the same names
   * in the same order, so the last name seen at each position is kept and reused when the bytes
   * match: no new String (and no new hash to compute) per field read, as a careful codec does.
   */
  private static String readName(ByteBuffer b, int i) {
    int len = Short.toUnsignedInt(b.getShort());
    int at = b.position();
    b.position(at + len);
    Name known = i < NAMES.length() ? NAMES.get(i) : null;
    if (known != null
        && Arrays.equals(known.bytes, 0, known.bytes.length, b.array(), at, at + len)) {
      return known.text;
    }
    String name = new String(b.array(), at, len, StandardCharsets.UTF_8);
    if (i < NAMES.length())
      NAMES.set(i, new Name(Arrays.copyOfRange(b.array(), at, at + len), name));
    return name;
  }

  /** A field name and its encoded bytes. */
  private record Name(byte[] bytes, String text) {}

  private static byte[] bytes(Object stored) {
    if (stored instanceof byte[] b) return b;
    throw new IllegalArgumentException(
        "stored record is not a byte[] record: class="
            + (stored == null ? "null" : stored.getClass().getName()));
  }
}

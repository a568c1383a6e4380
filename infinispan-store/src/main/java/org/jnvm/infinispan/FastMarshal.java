package org.jnvm.infinispan;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HexFormat;
import org.infinispan.marshall.persistence.PersistenceMarshaller;

/**
 * The persistence marshaller's bytes for {@code Long}, {@code Integer}, {@code String} and {@code
 * byte[]}, written and read without it: the marshaller spends about half a microsecond per value on
 * these (its wrapping, type lookups and buffers), which a transaction of four small values pays
 * four times. The bytes are the marshaller's own, so nothing in the store's format changes: a heap
 * written with this path reads back with the marshaller, and the other way round.
 *
 * <p>The form, as Infinispan 15's persistence marshaller writes these types (protobuf tags):
 *
 * <pre>
 *   98 01 02          field 19 varint 2       (the wrapper's type)
 *   8a 01 len1        field 17 bytes          (the wrapped message)
 *     0a len2         field 1 bytes
 *       18 varint     field 3: int64             Long
 *       28 varint     field 5: int32             Integer (negative: 10 bytes, sign extended)
 *       4a len utf8   field 9: string            String
 *       52 len bytes  field 10: bytes            byte[]
 * </pre>
 *
 * With a Java-serialization user marshaller ({@code JavaSerializationMarshaller}, as the DSO nodes
 * configure), the persistence marshaller wraps a {@code byte[]} as user bytes instead: the same two
 * fields, then Java serialization of the array. That form is kept too, for {@code byte[]} only (the
 * other types go to the marshaller):
 *
 * <pre>
 *   98 01 02 8a 01 len1 0a len2
 *     ac ed 00 05 75 72 00 02 5b 42   stream header, array, class descriptor "[B"
 *     ac f3 17 f8 06 08 54 e0          byte[]'s serialVersionUID
 *     02 00 00 78 70                   serializable, no fields, end, no superclass
 *     length (4 bytes, big-endian), bytes
 * </pre>
 *
 * {@link #matching} enables a form only if the marshaller a store was given produces exactly its
 * bytes for a set of probes (another marshaller configuration, or another Infinispan version, turns
 * it off). {@link #decode} reads only that exact form and returns null for anything else, which
 * then goes to the marshaller.
 */
final class FastMarshal {
  private static final byte[] PREFIX = {(byte) 0x98, 0x01, 0x02, (byte) 0x8a, 0x01};
  private static final int LONG = 0x18;
  private static final int INT = 0x28;
  private static final int STRING = 0x4a;
  private static final int BYTES = 0x52;
  private static final int WRAPPED = 0x0a;

  /** Java serialization of a {@code byte[]} up to its length (the user-bytes form, above). */
  private static final byte[] JAVA_BYTES_HEADER =
      HexFormat.of().parseHex("aced00057572" + "00025b42" + "acf317f8060854e0" + "0200007870");

  /** Which of the marshaller's forms this path writes and reads. */
  private enum Form {
    OFF,
    /** Infinispan's own: the four types, protobuf fields. */
    PROTOBUF,
    /** A Java-serialization user marshaller's: {@code byte[]} only. */
    JAVA_BYTES
  }

  static final FastMarshal OFF = new FastMarshal(Form.OFF);

  /** Values whose marshalled bytes must equal this class's for the path to be used. */
  private static final Object[] PROBES = {
    0L,
    1L,
    -1L,
    300L,
    Long.MAX_VALUE,
    Long.MIN_VALUE,
    0,
    5,
    -5,
    Integer.MIN_VALUE,
    "",
    "abc",
    "\u00e9\u20ac\ud83d\ude00",
    "a\ud800b", // an unpaired surrogate: both write '?'
    "x".repeat(200),
    new byte[0],
    new byte[] {1, 2, (byte) 0xff},
    new byte[300]
  };

  private final Form form;

  private FastMarshal(Form form) {
    this.form = form;
  }

  /**
   * The path for {@code m}: the first form in which {@code m} writes every probe of the form
   * exactly as this class does and reads those bytes back as this class does, else off.
   */
  static FastMarshal matching(PersistenceMarshaller m) {
    FastMarshal f = new FastMarshal(Form.PROTOBUF);
    if (matches(m, f, PROBES)) return f;
    FastMarshal j = new FastMarshal(Form.JAVA_BYTES);
    Object[] arrays = Arrays.stream(PROBES).filter(p -> p instanceof byte[]).toArray();
    return matches(m, j, arrays) ? j : OFF;
  }

  private static boolean matches(PersistenceMarshaller m, FastMarshal f, Object[] probes) {
    try {
      for (Object p : probes) {
        byte[] theirs = m.objectToByteBuffer(p);
        if (!Arrays.equals(theirs, f.encode(p))) return false;
        if (!sameValue(m.objectFromByteBuffer(theirs), f.decode(theirs))) return false;
      }
      return true;
    } catch (IOException | ClassNotFoundException | RuntimeException e) {
      return false;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }

  boolean on() {
    return form != Form.OFF;
  }

  /** Whether the path writes Java-serialized arrays (the user-bytes form) rather than protobuf. */
  boolean javaBytes() {
    return form == Form.JAVA_BYTES;
  }

  /** The marshaller's bytes for {@code o}, or null if this form does not write its type. */
  byte[] encode(Object o) {
    if (form == Form.JAVA_BYTES) return o instanceof byte[] b ? wrapJava(b) : null;
    if (form != Form.PROTOBUF) return null;
    if (o instanceof Long l) return wrap(LONG, l);
    if (o instanceof Integer i) return wrap(INT, i.longValue());
    if (o instanceof String s) return wrap(STRING, s.getBytes(StandardCharsets.UTF_8));
    if (o instanceof byte[] b) return wrap(BYTES, b);
    return null;
  }

  /** The value of bytes in exactly the form {@link #encode} writes, else null. */
  Object decode(byte[] b) {
    if (form == Form.OFF || b.length < PREFIX.length + 4) return null;
    for (int i = 0; i < PREFIX.length; i++) if (b[i] != PREFIX[i]) return null;
    Cursor c = new Cursor(b, PREFIX.length);
    if (c.varint() != b.length - c.at || c.next() != WRAPPED) return null;
    if (c.varint() != b.length - c.at) return null;
    if (form == Form.JAVA_BYTES) return unwrapJava(b, c.at);
    int tag = c.next();
    switch (tag) {
      case LONG, INT -> {
        long v = c.varint();
        if (c.at != b.length || c.bad) return null;
        return tag == LONG ? (Object) v : (Object) (int) v;
      }
      case STRING, BYTES -> {
        long n = c.varint();
        if (c.bad || n != b.length - c.at) return null;
        return tag == STRING
            ? new String(b, c.at, (int) n, StandardCharsets.UTF_8)
            : Arrays.copyOfRange(b, c.at, b.length);
      }
      default -> {
        return null;
      }
    }
  }

  /** PREFIX, len1, 0a, len2, then Java serialization of {@code data}. */
  private static byte[] wrapJava(byte[] data) {
    byte[] out = framed(JAVA_BYTES_HEADER.length + 4 + data.length);
    int at = out.length - data.length - 4 - JAVA_BYTES_HEADER.length;
    System.arraycopy(JAVA_BYTES_HEADER, 0, out, at, JAVA_BYTES_HEADER.length);
    at += JAVA_BYTES_HEADER.length;
    for (int shift = 24; shift >= 0; shift -= 8) out[at++] = (byte) (data.length >>> shift);
    System.arraycopy(data, 0, out, at, data.length);
    return out;
  }

  /** The array whose Java serialization fills {@code b} from {@code at} to its end, else null. */
  private static byte[] unwrapJava(byte[] b, int at) {
    int h = JAVA_BYTES_HEADER.length;
    if (b.length - at < h + 4) return null;
    for (int i = 0; i < h; i++) if (b[at + i] != JAVA_BYTES_HEADER[i]) return null;
    at += h;
    int n = 0;
    for (int i = 0; i < 4; i++) n = (n << 8) | (b[at++] & 0xff);
    return n == b.length - at ? Arrays.copyOfRange(b, at, b.length) : null;
  }

  /** A varint field: PREFIX, len1, 0a, len2, tag, varint. */
  private static byte[] wrap(int tag, long value) {
    return wrap(tag, value, null);
  }

  /** A length-delimited field: PREFIX, len1, 0a, len2, tag, length, bytes. */
  private static byte[] wrap(int tag, byte[] data) {
    return wrap(tag, data.length, data);
  }

  /** PREFIX, len1, 0a, len2, {@code tag}, varint {@code v}, then {@code data} if not null. */
  private static byte[] wrap(int tag, long v, byte[] data) {
    int len2 = 1 + varintSize(v) + (data == null ? 0 : data.length);
    byte[] out = framed(len2);
    int at = out.length - len2;
    out[at++] = (byte) tag;
    at += putVarint(out, at, v);
    if (data != null) System.arraycopy(data, 0, out, at, data.length);
    return out;
  }

  /**
   * PREFIX, len1, 0a, len2, then room for the {@code len2} bytes of the wrapped message's field.
   */
  private static byte[] framed(int len2) {
    int len1 = 1 + varintSize(len2) + len2;
    byte[] out = new byte[PREFIX.length + varintSize(len1) + len1];
    System.arraycopy(PREFIX, 0, out, 0, PREFIX.length);
    int at = PREFIX.length;
    at += putVarint(out, at, len1);
    out[at++] = WRAPPED;
    putVarint(out, at, len2);
    return out;
  }

  private static int putVarint(byte[] b, int at, long v) {
    int i = at;
    while ((v & ~0x7FL) != 0) {
      b[i++] = (byte) ((v & 0x7F) | 0x80);
      v >>>= 7;
    }
    b[i++] = (byte) v;
    return i - at;
  }

  private static int varintSize(long v) {
    int n = 1;
    while ((v & ~0x7FL) != 0) {
      v >>>= 7;
      n++;
    }
    return n;
  }

  private static boolean sameValue(Object a, Object b) {
    return a instanceof byte[] x ? b instanceof byte[] y && Arrays.equals(x, y) : a.equals(b);
  }

  /** Reads varints and bytes; {@code bad} once it ran past the end or a varint was too long. */
  private static final class Cursor {
    final byte[] b;
    int at;
    boolean bad;

    Cursor(byte[] b, int at) {
      this.b = b;
      this.at = at;
    }

    int next() {
      if (at >= b.length) {
        bad = true;
        return -1;
      }
      return b[at++] & 0xff;
    }

    long varint() {
      long v = 0;
      for (int shift = 0; shift < 64; shift += 7) {
        int x = next();
        if (x < 0) return -1;
        v |= (long) (x & 0x7F) << shift;
        if ((x & 0x80) == 0) return v;
      }
      bad = true;
      return -1;
    }
  }
}

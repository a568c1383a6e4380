package org.jnvm.infinispan;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
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
 * {@link #matching} enables the path only if the marshaller a store was given produces exactly
 * these bytes for a set of probes (another marshaller configuration, or another Infinispan version,
 * turns it off). {@link #decode} reads only that exact form and returns null for anything else,
 * which then goes to the marshaller.
 */
final class FastMarshal {
  private static final byte[] PREFIX = {(byte) 0x98, 0x01, 0x02, (byte) 0x8a, 0x01};
  private static final int LONG = 0x18;
  private static final int INT = 0x28;
  private static final int STRING = 0x4a;
  private static final int BYTES = 0x52;
  private static final int WRAPPED = 0x0a;

  static final FastMarshal OFF = new FastMarshal(false);

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

  private final boolean on;

  private FastMarshal(boolean on) {
    this.on = on;
  }

  /**
   * The path for {@code m}: on if {@code m} writes every probe exactly as this class does and reads
   * those bytes back as this class does.
   */
  static FastMarshal matching(PersistenceMarshaller m) {
    FastMarshal f = new FastMarshal(true);
    try {
      for (Object p : PROBES) {
        byte[] theirs = m.objectToByteBuffer(p);
        if (!Arrays.equals(theirs, f.encode(p))) return OFF;
        if (!sameValue(m.objectFromByteBuffer(theirs), f.decode(theirs))) return OFF;
      }
      return f;
    } catch (IOException | ClassNotFoundException | RuntimeException e) {
      return OFF;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return OFF;
    }
  }

  boolean on() {
    return on;
  }

  /** The marshaller's bytes for {@code o}, or null if {@code o} is not one of the four types. */
  byte[] encode(Object o) {
    if (!on) return null;
    if (o instanceof Long l) return wrap(LONG, l);
    if (o instanceof Integer i) return wrap(INT, i.longValue());
    if (o instanceof String s) return wrap(STRING, s.getBytes(StandardCharsets.UTF_8));
    if (o instanceof byte[] b) return wrap(BYTES, b);
    return null;
  }

  /** The value of bytes in exactly the form {@link #encode} writes, else null. */
  Object decode(byte[] b) {
    if (!on || b.length < PREFIX.length + 4) return null;
    for (int i = 0; i < PREFIX.length; i++) if (b[i] != PREFIX[i]) return null;
    Cursor c = new Cursor(b, PREFIX.length);
    if (c.varint() != b.length - c.at || c.next() != WRAPPED) return null;
    if (c.varint() != b.length - c.at) return null;
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
    int len1 = 1 + varintSize(len2) + len2;
    byte[] out = new byte[PREFIX.length + varintSize(len1) + len1];
    System.arraycopy(PREFIX, 0, out, 0, PREFIX.length);
    int at = PREFIX.length;
    at += putVarint(out, at, len1);
    out[at++] = WRAPPED;
    at += putVarint(out, at, len2);
    out[at++] = (byte) tag;
    at += putVarint(out, at, v);
    if (data != null) System.arraycopy(data, 0, out, at, data.length);
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

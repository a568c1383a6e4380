package org.jnvm.infinispan;

import java.util.zip.CRC32C;
import org.jnvm.core.heap.Heap;
import org.jnvm.core.heap.HeapCorruptException;
import org.jnvm.core.heap.PObject;
import org.jnvm.core.heap.PersistentClass;
import org.jnvm.core.pmem.Pmem;

/**
 * The J-PDT mode's entry record: immutable once published, so an update is a new record swapped in
 * by the segment map's one durable store, then the old record freed. One object holds everything
 * but a J-NVM value, which it references.
 *
 * <pre>
 *   payload 0       8         16         24       32         40        48
 *   +-------+---------+----------+--------+----------+---------+
 *   | value | created | lastUsed | expiry | lifespan | maxIdle |
 *   | ref   | long    | long     | long   | long     | long    |
 *   +-------+---------+----------+--------+----------+---------+
 *   48          52        56            60      64
 *   +-----------+---------+-------------+-------+--------------------------------------+-------+
 *   | valueLen  | metaLen | internalLen | flags | value bytes | metadata | internal     | crc   |
 *   | int       | int     | int         | int   | (marshalled, when value is 0)        | int?  |
 *   +-----------+---------+-------------+-------+--------------------------------------+-------+
 * </pre>
 *
 * {@code value} is 0 when the value is marshalled inline; {@code flags} holds the metadata kind
 * ({@link EntryData#NO_METADATA}, {@link EntryData#COMPACT}, {@link EntryData#MARSHALLED}) in its
 * low byte, and {@link #CRC_FLAG} when the record ends with a checksum; {@code internalLen} is -1
 * when there is no internal metadata.
 *
 * <p>Checksums (the store's {@code checksums="true"}): {@code crc} is the CRC32C of every payload
 * byte before it (the value reference, timestamps, lengths, flags, value bytes, metadata, internal
 * metadata), written with the record and checked on every read of it, whatever the store's setting
 * then, including a read of the expiry alone ({@link #expiry}). It does not cover the key object
 * (whose stored hash {@code jnvm check} compares with its content) or a J-NVM value's own bytes (an
 * object the store only references).
 */
final class PdtEntry extends PObject implements StoredEntry {
  static final int VALUE = 0;
  static final int CREATED = VALUE + 8;
  static final int LAST_USED = CREATED + 8;
  static final int EXPIRY = LAST_USED + 8;
  static final int LIFESPAN = EXPIRY + 8;
  static final int MAX_IDLE = LIFESPAN + 8;
  static final int VALUE_LEN = MAX_IDLE + 8;
  static final int META_LEN = VALUE_LEN + 4;
  static final int INTERNAL_LEN = META_LEN + 4;
  static final int FLAGS = INTERNAL_LEN + 4;
  static final int DATA = FLAGS + 4;

  /** In {@link #FLAGS}: the metadata kind. */
  static final int KIND_MASK = 0xff;

  /** In {@link #FLAGS}: the record ends with a CRC32C of the payload before it. */
  static final int CRC_FLAG = 1 << 8;

  private static final int CRC_BYTES = 4;

  static final PersistentClass<PdtEntry> TYPE =
      PersistentClass.builder("org.jnvm.infinispan.PdtEntry", (h, a) -> new PdtEntry(h, a, null))
          .refs(VALUE)
          .layout(
              "value:ref@0 created:long@8 lastUsed:long@16 expiry:long@24 lifespan:long@32"
                  + " maxIdle:long@40 valueLen:int@48 metaLen:int@52 internalLen:int@56"
                  + " flags:int@60 data@64")
          .build();

  /**
   * A record of {@code d}, not written back, and the J-NVM value it references, written back but
   * not fenced. The publisher writes the record back: the segment map's put does (its {@code
   * objects} values), and fences once before the reference; {@link PdtWriter#build} does for the
   * records a transaction's intent names. Writing it back here as well would write its lines twice,
   * the second time after the first had evicted them (clflushopt). With {@code checksum}, the
   * record ends with its CRC32C.
   */
  PdtEntry(Heap heap, EntryData d, boolean checksum) {
    this(heap, d, checksum, dataBytes(d));
  }

  private PdtEntry(Heap heap, EntryData d, boolean checksum, long dataBytes) {
    super(heap, TYPE, DATA + dataBytes + (checksum ? CRC_BYTES : 0));
    setRef(VALUE, d.valueRef());
    setLong(CREATED, d.created());
    setLong(LAST_USED, d.lastUsed());
    setLong(EXPIRY, d.expiry());
    setLong(LIFESPAN, d.lifespan());
    setLong(MAX_IDLE, d.maxIdle());
    setInt(VALUE_LEN, len(d.valueBytes()));
    setInt(META_LEN, len(d.metadataBytes()));
    setInt(INTERNAL_LEN, d.internalBytes() == null ? -1 : d.internalBytes().length);
    setInt(FLAGS, d.metadataKind() | (checksum ? CRC_FLAG : 0));
    long at = fieldAddress(DATA);
    at = put(d.valueBytes(), at);
    at = put(d.metadataBytes(), at);
    put(d.internalBytes(), at);
    if (checksum) {
      setInt(DATA + dataBytes, crc(d.valueBytes(), d.metadataBytes(), d.internalBytes()));
    }
    if (d.valueRef() != null) d.valueRef().pwbObject();
  }

  private PdtEntry(Heap heap, long address, Resurrect r) {
    super(heap, address, r);
  }

  @Override
  public EntryData read() {
    int flags = getInt(FLAGS);
    boolean checksum = (flags & CRC_FLAG) != 0;
    // here, not on resurrection: iteration can skip a bad record
    if (Pmem.CHECKS || checksum) checkLengths();
    int vl = getInt(VALUE_LEN);
    int ml = getInt(META_LEN);
    int il = getInt(INTERNAL_LEN);
    PObject ref = getRef(VALUE);
    if (ref instanceof StringKey || ref instanceof Blob) throw RecordErrors.keyAsValue(this, ref);
    long at = fieldAddress(DATA);
    byte[] value = ref == null ? get(at, vl) : null;
    int kind = flags & KIND_MASK;
    byte[] meta = kind == EntryData.MARSHALLED ? get(at + vl, ml) : null;
    byte[] internal = il < 0 ? null : get(at + vl + ml, il);
    if (checksum) {
      checkCrc(
          value != null ? value : get(at, vl),
          meta != null ? meta : get(at + vl, ml),
          internal,
          DATA + vl + ml + Math.max(0, il));
    }
    return new EntryData(
        ref,
        value,
        kind,
        getLong(LIFESPAN),
        getLong(MAX_IDLE),
        meta,
        internal,
        getLong(CREATED),
        getLong(LAST_USED),
        getLong(EXPIRY));
  }

  /**
   * The expiry. With a checksum the record is verified first ({@link #read}): get, containsKey, the
   * key listing and purge decide on the expiry alone, and a changed expiry must be an error, not a
   * key that silently vanishes.
   */
  @Override
  public long expiry() {
    if ((getInt(FLAGS) & CRC_FLAG) != 0) read();
    return getLong(EXPIRY);
  }

  @Override
  public PObject ownedValue() {
    return getRef(VALUE);
  }

  @Override
  public PObject record() {
    return this;
  }

  /** The CRC32C of the payload before the checksum: the fixed fields, then the data parts. */
  private int crc(byte[] value, byte[] meta, byte[] internal) {
    CRC32C c = new CRC32C();
    c.update(get(fieldAddress(0), DATA));
    if (value != null) c.update(value);
    if (meta != null) c.update(meta);
    if (internal != null) c.update(internal);
    return (int) c.getValue();
  }

  private void checkCrc(byte[] value, byte[] meta, byte[] internal, long crcAt) {
    int stored = getInt(crcAt);
    int computed = crc(value, meta, internal);
    if (stored != computed) {
      throw new HeapCorruptException(
          "record 0x"
              + Long.toHexString(offset())
              + " checksum mismatch: stored=0x"
              + Integer.toHexString(stored)
              + " computed=0x"
              + Integer.toHexString(computed)
              + " (a byte of the record changed since it was written) file="
              + heap().file());
    }
  }

  private static long dataBytes(EntryData d) {
    return (long) len(d.valueBytes()) + len(d.metadataBytes()) + len(d.internalBytes());
  }

  private static int len(byte[] b) {
    return b == null ? 0 : b.length;
  }

  private static long put(byte[] b, long at) {
    if (b == null) return at;
    Pmem.write(b, 0, at, b.length);
    return at + b.length;
  }

  private static byte[] get(long at, int n) {
    return Pmem.readBytes(at, n);
  }

  /** Media is hostile input: the three lengths must fit the object before anything is copied. */
  private void checkLengths() {
    long vl = getInt(VALUE_LEN);
    long ml = getInt(META_LEN);
    long il = Math.max(0, getInt(INTERNAL_LEN));
    int flags = getInt(FLAGS);
    long crc = (flags & CRC_FLAG) != 0 ? CRC_BYTES : 0;
    int kind = flags & ~CRC_FLAG; // unknown bits make it out of range
    if (vl < 0
        || ml < 0
        || DATA + vl + ml + il + crc > payloadSize()
        || kind < 0
        || kind > EntryData.MARSHALLED) {
      throw new HeapCorruptException(
          "entry record lengths out of its object: valueLen="
              + vl
              + " metaLen="
              + ml
              + " internalLen="
              + il
              + " flags="
              + flags
              + " payload="
              + payloadSize()
              + " file="
              + heap().file());
    }
  }
}

package org.jnvm.infinispan;

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
 *   +-----------+---------+-------------+-------+--------------------------------------+
 *   | valueLen  | metaLen | internalLen | flags | value bytes | metadata | internal     |
 *   | int       | int     | int         | int   | (marshalled, when value is 0)        |
 *   +-----------+---------+-------------+-------+--------------------------------------+
 * </pre>
 *
 * {@code value} is 0 when the value is marshalled inline; {@code flags} holds the metadata kind
 * ({@link EntryData#NO_METADATA}, {@link EntryData#COMPACT}, {@link EntryData#MARSHALLED}); {@code
 * internalLen} is -1 when there is no internal metadata.
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

  static final PersistentClass<PdtEntry> TYPE =
      PersistentClass.builder("org.jnvm.infinispan.PdtEntry", (h, a) -> new PdtEntry(h, a, null))
          .refs(VALUE)
          .layout(
              "value:ref@0 created:long@8 lastUsed:long@16 expiry:long@24 lifespan:long@32"
                  + " maxIdle:long@40 valueLen:int@48 metaLen:int@52 internalLen:int@56"
                  + " flags:int@60 data@64")
          .build();

  /**
   * A record of {@code d}, and the J-NVM value it references, written back but not fenced: the map
   * fences once before publishing it.
   */
  PdtEntry(Heap heap, EntryData d) {
    super(
        heap,
        TYPE,
        DATA + (long) len(d.valueBytes()) + len(d.metadataBytes()) + len(d.internalBytes()));
    setRef(VALUE, d.valueRef());
    setLong(CREATED, d.created());
    setLong(LAST_USED, d.lastUsed());
    setLong(EXPIRY, d.expiry());
    setLong(LIFESPAN, d.lifespan());
    setLong(MAX_IDLE, d.maxIdle());
    setInt(VALUE_LEN, len(d.valueBytes()));
    setInt(META_LEN, len(d.metadataBytes()));
    setInt(INTERNAL_LEN, d.internalBytes() == null ? -1 : d.internalBytes().length);
    setInt(FLAGS, d.metadataKind());
    long at = fieldAddress(DATA);
    at = put(d.valueBytes(), at);
    at = put(d.metadataBytes(), at);
    put(d.internalBytes(), at);
    if (d.valueRef() != null) d.valueRef().pwbObject();
    pwbObject();
  }

  private PdtEntry(Heap heap, long address, Resurrect r) {
    super(heap, address, r);
  }

  @Override
  public EntryData read() {
    if (Pmem.CHECKS) checkLengths(); // here, not on resurrection: iteration can skip a bad record
    int vl = getInt(VALUE_LEN);
    int ml = getInt(META_LEN);
    int il = getInt(INTERNAL_LEN);
    PObject ref = getRef(VALUE);
    if (ref instanceof StringKey || ref instanceof Blob) throw RecordErrors.keyAsValue(this, ref);
    long at = fieldAddress(DATA);
    byte[] value = ref == null ? get(at, vl) : null;
    int kind = getInt(FLAGS);
    byte[] meta = kind == EntryData.MARSHALLED ? get(at + vl, ml) : null;
    byte[] internal = il < 0 ? null : get(at + vl + ml, il);
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

  @Override
  public long expiry() {
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

  private static int len(byte[] b) {
    return b == null ? 0 : b.length;
  }

  private static long put(byte[] b, long at) {
    if (b == null) return at;
    Pmem.write(b, 0, at, b.length);
    return at + b.length;
  }

  private static byte[] get(long at, int n) {
    byte[] b = new byte[n];
    Pmem.read(at, b, 0, n);
    return b;
  }

  /** Media is hostile input: the three lengths must fit the object before anything is copied. */
  private void checkLengths() {
    long vl = getInt(VALUE_LEN);
    long ml = getInt(META_LEN);
    long il = Math.max(0, getInt(INTERNAL_LEN));
    int kind = getInt(FLAGS);
    if (vl < 0 || ml < 0 || DATA + vl + ml + il > payloadSize() || kind < 0 || kind > 2) {
      throw new HeapCorruptException(
          "entry record lengths out of its object: valueLen="
              + vl
              + " metaLen="
              + ml
              + " internalLen="
              + il
              + " flags="
              + kind
              + " payload="
              + payloadSize()
              + " file="
              + heap().file());
    }
  }
}

package org.jnvm.infinispan;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.zip.CRC32C;
import org.jnvm.core.heap.Heap;
import org.jnvm.core.heap.HeapCorruptException;
import org.jnvm.core.heap.ObjectLayout;
import org.jnvm.core.heap.PObject;
import org.jnvm.core.heap.PersistentClass;
import org.jnvm.core.pmem.Pmem;
import org.jnvm.jpdt.PString;

/**
 * The J-PDT mode's entry record of format version 2: ONE persistent object per entry holding the
 * key (its bytes inline with their hash, or a reference for a J-NVM key), the metadata and the
 * value (inline bytes, or a reference for a J-NVM value). Immutable once published: an update is a
 * new record whose reference a {@link SegmentTable} slot takes with one durable store, then the old
 * record is freed.
 *
 * <pre>
 *   payload 0         4        8         12      16         20        24            28
 *   +---------+--------+---------+-------+----------+---------+-------------+----------+
 *   | keyHash | keyLen | keyInfo | flags | valueLen | metaLen | internalLen | reserved |
 *   | int     | int    | int     | int   | int      | int     | int         | int (0)  |
 *   +---------+--------+---------+-------+----------+---------+-------------+----------+
 *   32      40      48        56         64       72         80        88
 *   +-------+-------+---------+----------+--------+----------+---------+
 *   | value | key   | created | lastUsed | expiry | lifespan | maxIdle |
 *   | ref   | ref   | long    | long     | long   | long     | long    |
 *   +-------+-------+---------+----------+--------+----------+---------+
 *   88
 *   +-----------+-------------+----------+--------------+------------+
 *   | key bytes | value bytes | metadata | internal     | crc        |
 *   | keyLen    | valueLen    | metaLen  | max(0, len)  | int, if    |
 *   |           |             |          |              | CRC_FLAG   |
 *   +-----------+-------------+----------+--------------+------------+
 * </pre>
 *
 * <ul>
 *   <li>{@code keyInfo}: low byte the key kind ({@link KeyForm.Kind} ordinal), second byte the
 *       {@link StringKey} coder of a String key; other bits 0. A String key's bytes are its chars
 *       as {@link StringKey} stores them and {@code keyHash} is {@link String#hashCode}; a
 *       marshalled key's bytes are the marshaller's and {@code keyHash} {@link Blob#hash}. A {@code
 *       PString} key is an owned copy and any other J-NVM key the application's object, both
 *       referenced by {@code key} ({@code keyLen} 0, {@code keyHash} the object's hash).
 *   <li>{@code flags}, {@code valueLen}, {@code metaLen}, {@code internalLen} and the timestamps
 *       mean what they mean in {@link PdtEntry}; {@code value} is 0 when the value is inline.
 *   <li>{@code crc} (with {@link #CRC_FLAG}): CRC32C of every payload byte before it, key bytes
 *       included.
 * </ul>
 *
 * The record owns its key copy and its J-NVM value (freed with it unless the record replacing it
 * keeps the same object, see {@link TableWriter}).
 */
final class StoreRecord extends PObject implements StoredEntry {
  private static final VarHandle LONGS =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.nativeOrder());

  private static final VarHandle CHARS =
      MethodHandles.byteArrayViewVarHandle(char[].class, ByteOrder.nativeOrder());

  static final int KEY_HASH = 0;
  static final int KEY_LEN = KEY_HASH + Integer.BYTES;
  static final int KEY_INFO = KEY_LEN + Integer.BYTES;
  static final int FLAGS = KEY_INFO + Integer.BYTES;
  static final int VALUE_LEN = FLAGS + Integer.BYTES;
  static final int META_LEN = VALUE_LEN + Integer.BYTES;
  static final int INTERNAL_LEN = META_LEN + Integer.BYTES;
  static final int RESERVED = INTERNAL_LEN + Integer.BYTES;
  static final int VALUE = RESERVED + Integer.BYTES;
  static final int KEY = VALUE + Long.BYTES;
  static final int CREATED = KEY + Long.BYTES;
  static final int LAST_USED = CREATED + Long.BYTES;
  static final int EXPIRY = LAST_USED + Long.BYTES;
  static final int LIFESPAN = EXPIRY + Long.BYTES;
  static final int MAX_IDLE = LIFESPAN + Long.BYTES;
  static final int DATA = MAX_IDLE + Long.BYTES;

  static final int KIND_MASK = PdtEntry.KIND_MASK;
  static final int CRC_FLAG = PdtEntry.CRC_FLAG;
  private static final int CRC_BYTES = Integer.BYTES;

  static final PersistentClass<StoreRecord> TYPE =
      PersistentClass.builder(
              "org.jnvm.infinispan.StoreRecord", (h, a) -> new StoreRecord(h, a, null))
          .refs(VALUE, KEY)
          .layout(
              "keyHash:int@0 keyLen:int@4 keyInfo:int@8 flags:int@12 valueLen:int@16"
                  + " metaLen:int@20 internalLen:int@24 reserved:int@28 value:ref@32 key:ref@40"
                  + " created:long@48 lastUsed:long@56 expiry:long@64 lifespan:long@72"
                  + " maxIdle:long@80 data@88")
          .build();

  /**
   * A record of key {@code k} (whose stored object, for a J-NVM key, is {@code keyObject}) and
   * contents {@code d}, with everything it reaches written back, not fenced: the publisher fences
   * once before the slot store that makes it reachable.
   */
  StoreRecord(Heap heap, KeyForm k, PObject keyObject, EntryData d, boolean checksum) {
    super(heap, TYPE, DATA + inlineKey(k).length + dataBytes(d) + (checksum ? CRC_BYTES : 0));
    byte[] kb = inlineKey(k);
    setInt(KEY_HASH, k.hash);
    setInt(KEY_LEN, kb.length);
    setInt(KEY_INFO, k.kind.ordinal() | (k.coder & 0xff) << 8);
    setInt(FLAGS, d.metadataKind() | (checksum ? CRC_FLAG : 0));
    setInt(VALUE_LEN, len(d.valueBytes()));
    setInt(META_LEN, len(d.metadataBytes()));
    setInt(INTERNAL_LEN, d.internalBytes() == null ? -1 : d.internalBytes().length);
    setRef(VALUE, d.valueRef());
    setRef(KEY, keyObject);
    setLong(CREATED, d.created());
    setLong(LAST_USED, d.lastUsed());
    setLong(EXPIRY, d.expiry());
    setLong(LIFESPAN, d.lifespan());
    setLong(MAX_IDLE, d.maxIdle());
    long at = put(kb, fieldAddress(DATA));
    at = put(d.valueBytes(), at);
    at = put(d.metadataBytes(), at);
    put(d.internalBytes(), at);
    if (checksum) setInt(payloadEnd(), crc());
    pwbObject();
    if (d.valueRef() != null) d.valueRef().pwbObject();
    if (keyObject != null) keyObject.pwbObject();
  }

  private StoreRecord(Heap heap, long address, Resurrect r) {
    super(heap, address, r);
  }

  /** The stored object of a J-NVM key (a {@code PString} copy, or the key itself), else null. */
  static PObject keyObject(Heap heap, KeyForm k) {
    return switch (k.kind) {
      case PSTRING -> new PString(heap, (PString) k.object);
      case REFERENCE -> {
        if (k.object.heap() != heap) {
          throw new IllegalArgumentException(
              "a J-NVM key must live in the store's heap: key="
                  + k.object
                  + " keyHeap="
                  + k.object.heap().file()
                  + " storeHeap="
                  + heap.file());
        }
        yield k.object;
      }
      default -> null;
    };
  }

  // ---- the key, read in place (the lookup path: no proxy) ---------------------------------

  /** The key hash of the record at address {@code a}. */
  static int hashAt(long a) {
    return Pmem.getInt(a + ObjectLayout.HEADER + KEY_HASH);
  }

  /**
   * True if the record at address {@code a} holds the key {@code k}: hash, kind and length first,
   * then the inline bytes eight at a time, or the key object by {@link StoreKeyType}'s rules.
   */
  static boolean keyEqualsAt(Heap heap, long a, KeyForm k) {
    long p = a + ObjectLayout.HEADER;
    if (Pmem.getInt(p + KEY_HASH) != k.hash) return false;
    int info = Pmem.getInt(p + KEY_INFO);
    if ((info & 0xff) != k.kind.ordinal()) return false;
    if (k.bytes == null) {
      long ref = Pmem.getLong(p + KEY);
      return ref != 0 && StoreKeyType.registered().matches(heap.object(ref), k);
    }
    if (((info >>> 8) & 0xff) != (k.coder & 0xff) || Pmem.getInt(p + KEY_LEN) != k.bytes.length) {
      return false;
    }
    return bytesEqual(p + DATA, k.bytes);
  }

  private static boolean bytesEqual(long d, byte[] b) {
    int i = 0;
    for (; i + Long.BYTES <= b.length; i += Long.BYTES) {
      if (Pmem.getLong(d + i) != (long) LONGS.get(b, i)) return false;
    }
    for (; i < b.length; i++) {
      if (Pmem.getByte(d + i) != b[i]) return false;
    }
    return true;
  }

  /** The key kind stored in the record. */
  KeyForm.Kind keyKind() {
    int k = getInt(KEY_INFO) & 0xff;
    if (k >= KeyForm.Kind.values().length) {
      throw new HeapCorruptException(
          "record 0x" + Long.toHexString(offset()) + " key kind out of range: " + k + where());
    }
    return KeyForm.Kind.values()[k];
  }

  int keyHash() {
    return getInt(KEY_HASH);
  }

  /** The stored key object (a J-NVM key), or null for a String or marshalled key. */
  PObject keyObject() {
    return getRef(KEY);
  }

  /**
   * The key as {@link SegmentMaps.Snapshot} holds it: a String, marshalled bytes (a copy) or the
   * stored J-NVM key.
   */
  Object rawKey() {
    checkKey();
    KeyForm.Kind kind = keyKind();
    if (kind == KeyForm.Kind.PSTRING || kind == KeyForm.Kind.REFERENCE) return keyObject();
    byte[] b = get(fieldAddress(DATA), getInt(KEY_LEN));
    if (kind == KeyForm.Kind.BYTES) return b;
    return ((getInt(KEY_INFO) >>> 8) & 0xff) == StringKey.LATIN1
        ? new String(b, StandardCharsets.ISO_8859_1)
        : utf16(b);
  }

  /** The lookup form of this record's key (as a replay or a purge looks it up). */
  KeyForm keyForm() {
    Object raw = rawKey();
    if (raw instanceof String s) return KeyForm.of(s);
    if (raw instanceof byte[] b) return KeyForm.of(b);
    return KeyForm.of((PObject) raw);
  }

  /** The hash the key's content gives (for {@code jnvm check}: compared with {@link #keyHash}). */
  int contentHash() {
    Object raw = rawKey();
    if (raw instanceof String s) return s.hashCode();
    if (raw instanceof byte[] b) return Blob.hash(b, 0, b.length);
    return StoreKeyType.registered().hash(raw);
  }

  private static String utf16(byte[] b) {
    char[] c = new char[b.length / Character.BYTES];
    for (int i = 0; i < c.length; i++) c[i] = (char) CHARS.get(b, i * Character.BYTES);
    return new String(c);
  }

  // ---- the entry --------------------------------------------------------------------------

  @Override
  public EntryData read() {
    checkLengths();
    int flags = getInt(FLAGS);
    int kl = getInt(KEY_LEN);
    int vl = getInt(VALUE_LEN);
    int ml = getInt(META_LEN);
    int il = getInt(INTERNAL_LEN);
    if ((flags & CRC_FLAG) != 0) checkCrc();
    PObject ref = getRef(VALUE);
    if (ref instanceof StringKey || ref instanceof Blob || ref instanceof StoreRecord) {
      throw RecordErrors.keyAsValue(this, ref);
    }
    long at = fieldAddress(DATA) + kl;
    int kind = flags & KIND_MASK;
    return new EntryData(
        ref,
        ref == null ? get(at, vl) : null,
        kind,
        getLong(LIFESPAN),
        getLong(MAX_IDLE),
        kind == EntryData.MARSHALLED ? get(at + vl, ml) : null,
        il < 0 ? null : get(at + vl + ml, il),
        getLong(CREATED),
        getLong(LAST_USED),
        getLong(EXPIRY));
  }

  /** The expiry; with a checksum the record is verified first (as {@link PdtEntry#expiry}). */
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

  // ---- checks -----------------------------------------------------------------------------

  /** The payload offset just past the data (where the checksum sits, if any). */
  private long payloadEnd() {
    return DATA
        + (long) getInt(KEY_LEN)
        + getInt(VALUE_LEN)
        + getInt(META_LEN)
        + Math.max(0, getInt(INTERNAL_LEN));
  }

  private int crc() {
    CRC32C c = new CRC32C();
    c.update(get(fieldAddress(0), (int) payloadEnd()));
    return (int) c.getValue();
  }

  private void checkCrc() {
    int stored = getInt(payloadEnd());
    int computed = crc();
    if (stored != computed) {
      throw new HeapCorruptException(
          "record 0x"
              + Long.toHexString(offset())
              + " checksum mismatch: stored=0x"
              + Integer.toHexString(stored)
              + " computed=0x"
              + Integer.toHexString(computed)
              + " (a byte of the record changed since it was written)"
              + where());
    }
  }

  /** Media is hostile input: the key's length and kind must fit before the key is read. */
  private void checkKey() {
    long kl = getInt(KEY_LEN);
    int info = getInt(KEY_INFO);
    if (kl < 0
        || DATA + kl > payloadSize()
        || (info & ~0xffff) != 0
        || (info & 0xff) >= KeyForm.Kind.values().length) {
      throw new HeapCorruptException(
          "record 0x"
              + Long.toHexString(offset())
              + " key out of its object: keyLen="
              + kl
              + " keyInfo="
              + info
              + " payload="
              + payloadSize()
              + where());
    }
  }

  /** Media is hostile input: the four lengths and the kinds must fit before anything is read. */
  void checkLengths() {
    long kl = getInt(KEY_LEN);
    long vl = getInt(VALUE_LEN);
    long ml = getInt(META_LEN);
    long il = getInt(INTERNAL_LEN);
    int flags = getInt(FLAGS);
    int info = getInt(KEY_INFO);
    long crc = (flags & CRC_FLAG) != 0 ? CRC_BYTES : 0;
    int kind = flags & ~CRC_FLAG;
    if (kl < 0
        || vl < 0
        || ml < 0
        || il < -1
        || DATA + kl + vl + ml + Math.max(0, il) + crc > payloadSize()
        || kind < 0
        || kind > EntryData.MARSHALLED
        || (info & ~0xffff) != 0
        || (info & 0xff) >= KeyForm.Kind.values().length
        || getInt(RESERVED) != 0) {
      throw new HeapCorruptException(
          "entry record lengths out of its object: keyLen="
              + kl
              + " valueLen="
              + vl
              + " metaLen="
              + ml
              + " internalLen="
              + il
              + " flags="
              + flags
              + " keyInfo="
              + info
              + " reserved="
              + getInt(RESERVED)
              + " payload="
              + payloadSize()
              + where());
    }
  }

  private String where() {
    return " file=" + heap().file();
  }

  private static byte[] inlineKey(KeyForm k) {
    return k.bytes == null ? NO_BYTES : k.bytes;
  }

  private static final byte[] NO_BYTES = new byte[0];

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
}

package org.jnvm.infinispan;

import org.jnvm.core.heap.Heap;
import org.jnvm.core.heap.PObject;
import org.jnvm.core.heap.PersistentClass;
import org.jnvm.jpfa.Hooks;

/**
 * The J-PFA mode's entry record, updated in place by failure-atomic methods.
 *
 * <p><b>Hand-written stand-in for a generated class.</b> This is the proxy that jnvm-codegen is to
 * produce from the class below; it is written by hand exactly as the generator would write it
 * (every store announced to {@link Hooks#beforeStore}, every non-private method wrapped in {@link
 * Hooks#enter}/{@link Hooks#abort}/{@link Hooks#exit}) and is to be replaced by the generated class
 * once the code generator lands. Keep it free of anything the generator would not produce.
 *
 * <pre>{@code
 * @Persistent(fa = "non-private")
 * class FaEntry {
 *   PObject value; Blob metadata; Blob internal;         // value: a J-NVM value or a Blob
 *   long created, lastUsed, expiry, lifespan, maxIdle; int kind;
 *   FaEntry(EntryData d) { set(d); }
 *   void update(EntryData d) { drop old parts that d does not keep; set(d); }
 *   void release() { free value (owned), metadata, internal, this; }
 * }
 * }</pre>
 *
 * <pre>
 *   payload 0       8          16         24        32         40       48         56        64     68
 *   +-------+----------+----------+---------+----------+--------+----------+---------+------+----+
 *   | value | metadata | internal | created | lastUsed | expiry | lifespan | maxIdle | kind | 0  |
 *   | ref   | ref      | ref      | long    | long     | long   | long     | long    | int  |    |
 *   +-------+----------+----------+---------+----------+--------+----------+---------+------+----+
 * </pre>
 *
 * Concurrency: blocks store in place, so callers hold the entry's segment lock for writing until
 * the method returns (the isolation contract of docs/jpfa.md).
 */
final class FaEntry extends PObject implements StoredEntry {
  static final int VALUE = 0;
  static final int METADATA = VALUE + 8;
  static final int INTERNAL = METADATA + 8;
  static final int CREATED = INTERNAL + 8;
  static final int LAST_USED = CREATED + 8;
  static final int EXPIRY = LAST_USED + 8;
  static final int LIFESPAN = EXPIRY + 8;
  static final int MAX_IDLE = LIFESPAN + 8;
  static final int KIND = MAX_IDLE + 8;
  static final int SIZE = KIND + 8;

  static final PersistentClass<FaEntry> TYPE =
      PersistentClass.builder("org.jnvm.infinispan.FaEntry", (h, a) -> new FaEntry(h, a, null))
          .fixedSize(SIZE)
          .refs(VALUE, METADATA, INTERNAL)
          .layout(
              "value:ref@0 metadata:ref@8 internal:ref@16 created:long@24 lastUsed:long@32"
                  + " expiry:long@40 lifespan:long@48 maxIdle:long@56 kind:int@64")
          .build();

  /** A new record holding {@code d}; failure-atomic (all of it, or nothing, after a crash). */
  FaEntry(Heap heap, EntryData d) {
    super(heap, TYPE);
    Hooks.enter(heap);
    try {
      set(d);
    } catch (Throwable t) {
      Hooks.abort(t);
      throw t;
    }
    Hooks.exit();
  }

  private FaEntry(Heap heap, long address, Resurrect r) {
    super(heap, address, r);
  }

  /**
   * Replaces every field by those of {@code d} and frees what the record no longer holds (the old
   * marshalled value or J-NVM value, unless {@code d} keeps the same object, and old metadata):
   * failure-atomic, so after a crash the record is wholly old or wholly new, and the frees happen
   * exactly when the new contents are durable.
   */
  void update(EntryData d) {
    Hooks.enter(heap());
    try {
      PObject oldValue = value();
      if (oldValue != null && !oldValue.equals(d.valueRef())) heap().free(oldValue);
      freeIfSet(metadata());
      freeIfSet(internal());
      set(d);
    } catch (Throwable t) {
      Hooks.abort(t);
      throw t;
    }
    Hooks.exit();
  }

  /** Frees the record and everything it owns; failure-atomic (frees happen at commit). */
  void release() {
    Hooks.enter(heap());
    try {
      freeIfSet(value());
      freeIfSet(metadata());
      freeIfSet(internal());
      heap().free(this);
    } catch (Throwable t) {
      Hooks.abort(t);
      throw t;
    }
    Hooks.exit();
  }

  @Override
  public EntryData read() {
    PObject v = value();
    Blob m = metadata();
    Blob i = internal();
    boolean marshalled = v instanceof Blob;
    return new EntryData(
        marshalled ? null : v,
        marshalled ? ((Blob) v).toArray() : null,
        kind(),
        getLong(LIFESPAN),
        getLong(MAX_IDLE),
        m == null ? null : m.toArray(),
        i == null ? null : i.toArray(),
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
    PObject v = value();
    return v instanceof Blob ? null : v;
  }

  @Override
  public PObject record() {
    return this;
  }

  // ---- the body shared by the constructor and update (private: not a block of its own) ------

  /** A J-NVM value in {@code d} must already be durable (the caller persists it). */
  private void set(EntryData d) {
    Heap h = heap();
    byte[] vb = d.valueBytes();
    value(vb != null ? new Blob(h, vb, 0, vb.length) : d.valueRef());
    metadata(d.metadataBytes() == null ? null : blob(h, d.metadataBytes()));
    internal(d.internalBytes() == null ? null : blob(h, d.internalBytes()));
    storeLong(CREATED, d.created());
    storeLong(LAST_USED, d.lastUsed());
    storeLong(EXPIRY, d.expiry());
    storeLong(LIFESPAN, d.lifespan());
    storeLong(MAX_IDLE, d.maxIdle());
    kind(d.metadataKind());
  }

  private static Blob blob(Heap h, byte[] b) {
    return new Blob(h, b, 0, b.length);
  }

  private void freeIfSet(PObject o) {
    if (o != null) heap().free(o);
  }

  // ---- field accessors, as generated: every store announced first ---------------------------

  private PObject value() {
    return getRef(VALUE);
  }

  private void value(PObject v) {
    Hooks.beforeStore(this, VALUE, 8);
    setRef(VALUE, v);
  }

  private Blob metadata() {
    return getRef(METADATA);
  }

  private void metadata(Blob v) {
    Hooks.beforeStore(this, METADATA, 8);
    setRef(METADATA, v);
  }

  private Blob internal() {
    return getRef(INTERNAL);
  }

  private void internal(Blob v) {
    Hooks.beforeStore(this, INTERNAL, 8);
    setRef(INTERNAL, v);
  }

  private void storeLong(int off, long v) {
    Hooks.beforeStore(this, off, 8);
    setLong(off, v);
  }

  private int kind() {
    return getInt(KIND);
  }

  private void kind(int v) {
    Hooks.beforeStore(this, KIND, 4);
    setInt(KIND, v);
  }
}

package org.jnvm.infinispan;

import org.jnvm.core.annotation.Persistent;
import org.jnvm.core.heap.Heap;
import org.jnvm.core.heap.PObject;
import org.jnvm.jpfa.Hooks;

/**
 * The J-PFA mode's entry record, updated in place inside failure-atomic blocks.
 *
 * <p>A {@code @Persistent} class: jnvm-codegen (jnvm-maven-plugin's {@code transform} goal, in this
 * module's build) rebases it on {@code PObject}, turns its fields into the layout below and every
 * field access into an accessor that, inside a block, logs the old contents before the store
 * ({@code Hooks.beforeStore}). It is {@code fa = "none"}: {@link FaWriter} opens the blocks ({@code
 * FA.run}), so that the read methods of {@link StoredEntry} never open one; {@link #update} and
 * {@link #release} refuse to run outside a block. The constructor takes the store's heap as its
 * first parameter, so the record is allocated there rather than in the default heap; it stores into
 * the fresh record directly and writes it back whole before it returns (durable when built).
 *
 * <pre>
 *   payload 0       8          16         24        32         40       48         56        64   68
 *   +-------+----------+----------+---------+----------+--------+----------+---------+------+
 *   | value | metadata | internal | created | lastUsed | expiry | lifespan | maxIdle | kind |
 *   | ref   | ref      | ref      | long    | long     | long   | long     | long    | int  |
 *   +-------+----------+----------+---------+----------+--------+----------+---------+------+
 * </pre>
 *
 * ({@code value} is a {@link Blob} of marshalled bytes or a J-NVM value the record owns; {@code
 * metadata} and {@code internal} are blobs of marshalled metadata, or null.) The generator places
 * fields by decreasing size in declaration order: keep that order, the layout is the fingerprint.
 *
 * <p>Concurrency: blocks store in place, so callers hold the entry's segment lock for writing until
 * the block ends (the isolation contract of docs/jpfa.md).
 */
@Persistent
final class FaEntry implements StoredEntry {
  PObject value;
  Blob metadata;
  Blob internal;
  long created;
  long lastUsed;
  long expiry;
  long lifespan;
  long maxIdle;
  int kind;

  /** A new record holding {@code d}, in {@code heap}; a J-NVM value in {@code d} is durable. */
  FaEntry(Heap heap, EntryData d) {
    byte[] vb = d.valueBytes();
    value = vb != null ? blob(heap, vb) : d.valueRef();
    metadata = blob(heap, d.metadataBytes());
    internal = blob(heap, d.internalBytes());
    created = d.created();
    lastUsed = d.lastUsed();
    expiry = d.expiry();
    lifespan = d.lifespan();
    maxIdle = d.maxIdle();
    kind = d.metadataKind();
  }

  /**
   * Replaces every field by those of {@code d} and frees what the record no longer holds (the old
   * marshalled value or J-NVM value, unless {@code d} keeps the same object, and old metadata).
   * Runs inside the caller's block: after a crash the record is wholly old or wholly new, and the
   * frees (deferred by jpfa to the commit) happen exactly when the new contents are durable.
   */
  void update(Heap heap, EntryData d) {
    requireBlock("update");
    if (value != null && !value.equals(d.valueRef())) heap.free(value);
    if (metadata != null) heap.free(metadata);
    if (internal != null) heap.free(internal);
    byte[] vb = d.valueBytes();
    value = vb != null ? blob(heap, vb) : d.valueRef();
    metadata = blob(heap, d.metadataBytes());
    internal = blob(heap, d.internalBytes());
    created = d.created();
    lastUsed = d.lastUsed();
    expiry = d.expiry();
    lifespan = d.lifespan();
    maxIdle = d.maxIdle();
    kind = d.metadataKind();
  }

  /** Frees the record and everything it owns, inside the caller's block (frees at commit). */
  void release(Heap heap) {
    release(heap, null);
  }

  /**
   * Frees the record and everything it owns but {@code kept} (a J-NVM value another record now
   * holds, or null), inside the caller's block (frees at commit).
   */
  void release(Heap heap, PObject kept) {
    requireBlock("release");
    freeAll(heap, kept);
  }

  /**
   * As {@link #release(Heap, PObject)}, outside any block: only while a store starts, after the
   * heap's recovery replayed or dropped every block log, so that no log can write into the freed
   * memory later (the rule of docs/jpfa.md that frees wait for the logs).
   */
  void releaseAtStart(Heap heap, PObject kept) {
    if (Hooks.inBlock()) throw new IllegalStateException("releaseAtStart inside a block");
    freeAll(heap, kept);
  }

  private void freeAll(Heap heap, PObject kept) {
    if (value != null && !value.equals(kept)) heap.free(value);
    if (metadata != null) heap.free(metadata);
    if (internal != null) heap.free(internal);
    heap.free(record());
  }

  @Override
  public EntryData read() {
    PObject v = value;
    Blob m = metadata;
    Blob i = internal;
    boolean marshalled = v instanceof Blob;
    return new EntryData(
        marshalled ? null : v,
        marshalled ? ((Blob) v).toArray() : null,
        kind,
        lifespan,
        maxIdle,
        m == null ? null : m.toArray(),
        i == null ? null : i.toArray(),
        created,
        lastUsed,
        expiry);
  }

  @Override
  public long expiry() {
    return expiry;
  }

  @Override
  public PObject ownedValue() {
    PObject v = value;
    return v instanceof Blob ? null : v;
  }

  @Override
  public PObject record() {
    return (PObject) (Object) this; // a PObject once transformed
  }

  private static Blob blob(Heap h, byte[] b) {
    return b == null ? null : new Blob(h, b, 0, b.length);
  }

  private static void requireBlock(String what) {
    if (!Hooks.inBlock()) {
      throw new IllegalStateException(
          "FaEntry." + what + " must run inside a failure-atomic block (FA.run): none is open");
    }
  }
}

package org.jnvm.infinispan;

import java.util.List;
import org.jnvm.core.heap.Heap;
import org.jnvm.core.heap.HeapCorruptException;
import org.jnvm.core.heap.PObject;

/**
 * J-PDT mode in store format 2: a write builds one new immutable {@link StoreRecord} (key, metadata
 * and value in one object, written back), and the segment's {@link TableIndex} publishes it with
 * one durable slot store; then the record it replaced is freed with what it owns, except the J-NVM
 * value and key object the new record keeps. A crash leaves the old or the new record, never a mix.
 */
final class TableWriter implements RecordWriter {
  private final Heap heap;
  private final boolean checksums;

  /** A writer whose new records end with a CRC32C if {@code checksums}. */
  TableWriter(Heap heap, boolean checksums) {
    this.heap = heap;
    this.checksums = checksums;
  }

  @Override
  public void put(EntryIndex index, KeyForm key, EntryData d) {
    PObject kept = key.bytes == null ? keptKey(index, key) : null;
    PObject keyObject = kept != null ? kept : StoreRecord.keyObject(heap, key);
    StoreRecord fresh = new StoreRecord(heap, key, keyObject, d, checksums);
    PObject old;
    try {
      old = index.put(key, fresh);
    } catch (RuntimeException e) {
      if (kept == null && key.kind == KeyForm.Kind.PSTRING) heap.free(keyObject);
      heap.free(fresh); // never published
      throw e;
    }
    if (old != null) free(view(old), fresh);
  }

  /**
   * The stored object of a J-NVM key that already has a record (kept by the new record: a {@code
   * PString} key is not copied again), else null. String and marshalled keys are inline: no lookup.
   */
  private PObject keptKey(EntryIndex index, KeyForm key) {
    PObject old = index.get(key);
    return old == null ? null : view(old).keyObject();
  }

  /** A record written back, not fenced: the transaction's intent fences before naming it. */
  @Override
  public PObject build(KeyForm key, EntryData d) {
    return new StoreRecord(heap, key, StoreRecord.keyObject(heap, key), d, checksums);
  }

  /** Frees a never-published record and its own key copy; the J-NVM value and key stay. */
  @Override
  public void discard(PObject record) {
    StoreRecord r = view(record);
    if (r.keyKind() == KeyForm.Kind.PSTRING && r.keyObject() != null) heap.free(r.keyObject());
    heap.free(r);
  }

  @Override
  public void replaced(StoredEntry old, StoredEntry by) {
    free(view(old.record()), view(by.record()));
  }

  @Override
  public void release(List<StoredEntry> records) {
    for (StoredEntry r : records) free(view(r.record()), null);
  }

  @Override
  public StoreRecord view(PObject o) {
    if (o instanceof StoreRecord r) return r;
    throw new HeapCorruptException(
        "a format-2 J-PDT segment table holds a " + o + ", not a StoreRecord file=" + heap.file());
  }

  /** Frees {@code r} with its value and key object, except those {@code by} (or null) keeps. */
  private void free(StoreRecord r, StoreRecord by) {
    PObject v = r.ownedValue();
    if (v != null && (by == null || !v.equals(by.ownedValue()))) heap.free(v);
    PObject k = r.keyObject();
    if (k != null && (by == null || !k.equals(by.keyObject()))) heap.free(k);
    heap.free(r);
  }
}

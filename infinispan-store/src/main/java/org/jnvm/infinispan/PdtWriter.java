package org.jnvm.infinispan;

import java.util.List;
import org.jnvm.core.heap.Heap;
import org.jnvm.core.heap.HeapCorruptException;
import org.jnvm.core.heap.PObject;
import org.jnvm.jpdt.collection.PConcurrentHashMap;

/**
 * J-PDT mode: a write prepares a new immutable {@link PdtEntry}, and the map writes it back and
 * publishes it with one durable store (a new slot for a new key, the entry's value word for an
 * existing key); then the record it replaced is freed, with its J-NVM value unless the new record
 * keeps the same object. A crash leaves the old or the new record, never a mix.
 */
final class PdtWriter implements RecordWriter {
  private final Heap heap;
  private final boolean checksums;

  /** A writer of records without checksums (records that carry one are still checked on read). */
  PdtWriter(Heap heap) {
    this(heap, false);
  }

  /** A writer whose new records end with a CRC32C if {@code checksums} (see {@link PdtEntry}). */
  PdtWriter(Heap heap, boolean checksums) {
    this.heap = heap;
    this.checksums = checksums;
  }

  @Override
  public void put(PConcurrentHashMap<Object, PObject> map, KeyForm key, EntryData d) {
    PdtEntry fresh = new PdtEntry(heap, d, checksums);
    PObject old;
    try {
      old = map.put(key, fresh);
    } catch (RuntimeException e) {
      heap.free(fresh); // never published
      throw e;
    }
    if (old != null) free(view(old), d.valueRef());
  }

  /** A record written back, not fenced: the transaction's intent fences before naming it. */
  @Override
  public PObject build(EntryData d) {
    PdtEntry e = new PdtEntry(heap, d, checksums);
    e.pwbObject();
    return e;
  }

  @Override
  public void discard(PObject record) {
    heap.free(record);
  }

  @Override
  public void replaced(StoredEntry old, PObject kept) {
    free(old, kept);
  }

  @Override
  public void release(List<StoredEntry> records) {
    for (StoredEntry r : records) free(r, null);
  }

  @Override
  public StoredEntry view(PObject o) {
    if (o instanceof PdtEntry e) return e;
    throw new HeapCorruptException(
        "a J-PDT store map holds a " + o + ", not a PdtEntry (J-PFA data?) file=" + heap.file());
  }

  private void free(StoredEntry r, PObject kept) {
    PObject v = r.ownedValue();
    if (v != null && !v.equals(kept)) heap.free(v);
    heap.free(r.record());
  }
}

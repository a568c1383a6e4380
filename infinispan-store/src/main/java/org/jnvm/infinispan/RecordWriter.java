package org.jnvm.infinispan;

import java.util.List;
import org.jnvm.core.heap.PObject;

/**
 * How a mode writes and frees entry records. Callers hold the segment's lock for writing, so a
 * record is never read while it is changed or freed.
 */
interface RecordWriter {
  /** Maps {@code key} to {@code d} in {@code index}; durable on return. */
  void put(EntryIndex index, KeyForm key, EntryData d);

  /**
   * Frees records already unlinked durably from their map, with what they own (marshalled parts and
   * J-NVM values). A crash before this leaves them unreachable: recovery reclaims them.
   */
  void release(List<StoredEntry> records);

  /**
   * A new record of {@code d} for {@code key} (a J-NVM value in {@code d} included) written back,
   * not yet reachable: the caller fences before publishing it, or {@link #discard}s it.
   */
  PObject build(KeyForm key, EntryData d);

  /** Frees a record {@link #build} made that was never published; its J-NVM value stays. */
  void discard(PObject record);

  /**
   * Frees {@code old}, a record a map no longer references, with what it owns except what {@code
   * by}, the record replacing it, keeps (its J-NVM value; in format 2 also its key object).
   */
  void replaced(StoredEntry old, StoredEntry by);

  /**
   * This writer as a store's start uses it to replay transactions (J-PFA: frees without blocks,
   * which at that point would only log for nothing; see {@link FaEntry#releaseAtStart}).
   */
  default RecordWriter atStart() {
    return this;
  }

  /** The record {@code o} read from a map of this mode. */
  StoredEntry view(PObject o);
}

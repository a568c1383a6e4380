package org.jnvm.infinispan;

import java.util.List;
import org.jnvm.core.heap.PObject;
import org.jnvm.jpdt.collection.PConcurrentHashMap;

/**
 * How a mode writes and frees entry records. Callers hold the segment's lock for writing, so a
 * record is never read while it is changed or freed.
 */
interface RecordWriter {
  /** Maps {@code key} to {@code d} in {@code map}; durable on return. */
  void put(PConcurrentHashMap<Object, PObject> map, KeyForm key, EntryData d);

  /**
   * Frees records already unlinked durably from their map, with what they own (marshalled parts and
   * J-NVM values). A crash before this leaves them unreachable: recovery reclaims them.
   */
  void release(List<StoredEntry> records);

  /**
   * A new record of {@code d} (a J-NVM value in {@code d} included) written back, not yet
   * reachable: the caller fences before publishing it, or {@link #discard}s it.
   */
  PObject build(EntryData d);

  /** Frees a record {@link #build} made that was never published; its J-NVM value stays. */
  void discard(PObject record);

  /**
   * Frees {@code old}, a record a map no longer references, with what it owns except {@code kept}
   * (the J-NVM value the record replacing it holds, or null).
   */
  void replaced(StoredEntry old, PObject kept);

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

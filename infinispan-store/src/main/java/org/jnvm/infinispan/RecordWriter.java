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

  /** The record {@code o} read from a map of this mode. */
  StoredEntry view(PObject o);
}

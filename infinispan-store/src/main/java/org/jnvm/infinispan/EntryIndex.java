package org.jnvm.infinispan;

import java.util.function.BiConsumer;
import org.jnvm.core.heap.HeapCorruptException;
import org.jnvm.core.heap.PObject;

/**
 * One segment's persistent key-to-record index, in either store format: a J-PDT map (format 1,
 * {@link MapIndex}) or a {@link SegmentTable} (format 2, {@link TableIndex}). Callers hold the
 * segment's lock ({@link SegmentMaps}): for writing around every mutator, for reading around every
 * reader.
 */
interface EntryIndex {
  /** The record of {@code key}, or null. */
  PObject get(KeyForm key);

  /**
   * Maps {@code key} to {@code record} (written back by its builder, not necessarily fenced),
   * durable on return; the record it replaced, or null.
   */
  PObject put(KeyForm key, PObject record);

  /**
   * {@link #put} without the closing fence, for a commit that fences once for all its puts: {@code
   * record} must be durable already.
   */
  PObject putUnfenced(KeyForm key, PObject record);

  /** Unmaps {@code key}, durable on return; the record it had, or null. */
  PObject remove(KeyForm key);

  long size();

  /** Unmaps every key with one durable store; the records are the caller's to free. */
  void clear();

  /**
   * Calls {@code action} with each entry's key (as {@link SegmentMaps.Snapshot} holds it: a String,
   * marshalled bytes or a J-NVM key) and record; a key that fails its checks is given as an {@link
   * UnreadableKey}, which callers skip and report.
   */
  void forEach(BiConsumer<Object, PObject> action);

  /** A key read from media that failed its checks: its record is reported, never served. */
  record UnreadableKey(long record, HeapCorruptException problem) {
    @Override
    public String toString() {
      return "(unreadable key of record 0x" + Long.toHexString(record) + ")";
    }
  }
}

package org.jnvm.infinispan;

import org.jnvm.core.heap.PObject;

/**
 * A persistent entry record of either mode, read back into an {@link EntryData}. Callers hold the
 * entry's segment lock, so that the record is not freed while it is read.
 */
interface StoredEntry {
  /** The record's contents, copied to volatile memory (a J-NVM value stays a reference). */
  EntryData read();

  /** The absolute expiry time, read without copying anything else. */
  long expiry();

  /** The J-NVM value this record owns by reference, or null if its value is marshalled. */
  PObject ownedValue();

  /** The record as a persistent object (what the segment map references). */
  PObject record();
}

package org.jnvm.infinispan;

import org.jnvm.core.heap.PObject;

/**
 * One entry's contents in volatile memory, as the store writes it and reads it back: a J-NVM value
 * by reference or marshalled value bytes; metadata in compact form (lifespan and max idle only) or
 * marshalled; marshalled internal metadata; timestamps and the absolute expiry time ({@code -1}:
 * never).
 *
 * @param valueRef the J-NVM value, stored by reference and owned by the store; null if marshalled
 * @param valueBytes the marshalled value; null if {@code valueRef} is set
 * @param metadataKind {@link #NO_METADATA}, {@link #COMPACT} or {@link #MARSHALLED}
 * @param lifespan lifespan in ms of compact metadata ({@code -1}: none)
 * @param maxIdle max idle in ms of compact metadata ({@code -1}: none)
 * @param metadataBytes marshalled metadata when {@code metadataKind} is {@link #MARSHALLED}
 * @param internalBytes marshalled internal metadata, or null
 */
record EntryData(
    PObject valueRef,
    byte[] valueBytes,
    int metadataKind,
    long lifespan,
    long maxIdle,
    byte[] metadataBytes,
    byte[] internalBytes,
    long created,
    long lastUsed,
    long expiry) {
  static final int NO_METADATA = 0;
  static final int COMPACT = 1;
  static final int MARSHALLED = 2;

  EntryData {
    if ((valueRef == null) == (valueBytes == null)) {
      throw new IllegalArgumentException("exactly one of a J-NVM value and value bytes");
    }
    if (metadataKind < NO_METADATA || metadataKind > MARSHALLED) {
      throw new IllegalArgumentException(
          "metadata kind (record field kind or flags) out of range 0-2: " + metadataKind);
    }
    if ((metadataKind == MARSHALLED) != (metadataBytes != null)) {
      throw new IllegalArgumentException("marshalled metadata needs its bytes, and only it");
    }
  }

  /** True if the entry has expired at wall-clock time {@code now} (Infinispan's rule). */
  boolean expiredAt(long now) {
    return expiry > 0 && expiry <= now;
  }
}

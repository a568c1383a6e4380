package org.jnvm.ycsb;

import java.util.Map;
import java.util.Set;
import site.ycsb.ByteIterator;

/**
 * How a backend keeps a YCSB record (named fields of bytes) as a cache value: every backend of one
 * comparison reads and updates records through the same three operations, so the rows differ by
 * where records live, not by what a record is.
 */
public interface RecordCodec {
  /** The value stored for a new record holding {@code values}. */
  Object encode(Map<String, ByteIterator> values);

  /**
   * Copies the fields of {@code stored} named in {@code fields} (every field when null) into {@code
   * out} as volatile values.
   */
  void decode(Object stored, Set<String> fields, Map<String, ByteIterator> out);

  /**
   * {@link #decode} of a record that may have been freed (and reused) while it is read, for
   * optimistic reads validated afterwards: reads nothing outside the record's extent and allocates
   * nothing out of proportion whatever the bytes; false if they are not a record of this codec's
   * shape (the caller then reads under its lock). The default, for records never freed: {@link
   * #decode}.
   */
  default boolean decodeRacy(Object stored, Set<String> fields, Map<String, ByteIterator> out) {
    decode(stored, fields, out);
    return true;
  }

  /**
   * The value to store after replacing (or adding) the fields in {@code values} of {@code stored};
   * the other fields keep their bytes.
   */
  Object merge(Object stored, Map<String, ByteIterator> values);

  /**
   * True if this codec makes the update of {@code values} in place ({@link #updateInPlace}) instead
   * of storing a merged record.
   */
  default boolean updatesInPlace(Map<String, ByteIterator> values) {
    return false;
  }

  /**
   * Changes the fields in {@code values} of {@code stored} where it lies, durably and failure
   * atomically when it returns; only where {@link #updatesInPlace} said so for these values.
   */
  default void updateInPlace(Object stored, Map<String, ByteIterator> values) {
    throw new UnsupportedOperationException("this codec stores merged records: " + this);
  }
}

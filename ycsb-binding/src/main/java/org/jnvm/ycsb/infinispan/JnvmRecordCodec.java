package org.jnvm.ycsb.infinispan;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import org.jnvm.core.heap.Heap;
import org.jnvm.jpfa.FA;
import org.jnvm.ycsb.FieldSchema;
import org.jnvm.ycsb.RecordCodec;
import org.jnvm.ycsb.jpdt.PRecord;
import org.jnvm.ycsb.jpdt.RecordCopy;
import site.ycsb.ByteIterator;

/**
 * Records as J-NVM objects of the J-NVM store's heap ({@link PRecord}, a slot per field of the
 * schema), put into the cache by reference: the store keeps the object itself, nothing is
 * marshalled.
 *
 * <p>Ownership (infinispan-store's rule): a record put into the cache belongs to the store, which
 * frees it in the write that replaces or removes its entry. So {@link #merge} never changes the
 * stored record: it builds a new one, and the store frees the old one when the new one is stored. A
 * decoded record is copied to volatile memory; the binding holds the key's stripe around a read, so
 * no update frees the record while it is copied.
 *
 * <p>Updates are made in place where they can be, with nothing stored through Infinispan (the cache
 * and the store already hold this very object):
 *
 * <ul>
 *   <li>J-PFA rows: the stored record's changed fields are rewritten in one failure-atomic block
 *       ({@link PRecord#replaceInPlace}), whatever their number;
 *   <li>J-PDT rows: an update of one field (YCSB's default) goes to the record's spare slot, named
 *       by one durable 8-byte store ({@link PRecord#replaceSwapping}); an update of more fields is
 *       a merged record stored through Infinispan ({@link #merge}).
 * </ul>
 */
final class JnvmRecordCodec implements RecordCodec {
  private final Heap heap;
  private final FieldSchema schema;
  private final int capacity;
  private final boolean inBlocks;
  private final boolean swaps;

  /**
   * @param inBlocks update a record where it lies in one J-PFA block (the J-PFA rows), instead of
   *     swapping one field's slot or storing a new record in its place (the J-PDT rows)
   */
  JnvmRecordCodec(Heap heap, FieldSchema schema, int capacity, boolean inBlocks) {
    this.heap = heap;
    this.schema = schema;
    this.capacity = capacity;
    this.inBlocks = inBlocks;
    this.swaps = schema.count() <= PRecord.MAX_SPARED_FIELDS;
  }

  @Override
  public boolean updatesInPlace(Map<String, ByteIterator> values) {
    return inBlocks || (swaps && values.size() == 1);
  }

  /**
   * J-PFA: one block, the record's changed lines logged, stored, written back and fenced at commit.
   * J-PDT: the one field swapped into the spare slot, durable when this returns.
   */
  @Override
  public void updateInPlace(Object stored, Map<String, ByteIterator> values) {
    if (!updatesInPlace(values)) RecordCodec.super.updateInPlace(stored, values);
    PRecord r = record(stored);
    if (!inBlocks) {
      var e = values.entrySet().iterator().next();
      r.replaceSwapping(schema.index(e.getKey()), e.getValue().toArray());
      return;
    }
    Map<Integer, byte[]> changes = changes(values);
    FA.run(heap, () -> r.replaceInPlace(changes));
  }

  @Override
  public Object encode(Map<String, ByteIterator> values) {
    byte[][] fields = new byte[schema.count()][];
    values.forEach((name, v) -> fields[schema.index(name)] = v.toArray());
    return PRecord.create(heap, fields, capacity);
  }

  /**
   * One copy of the whole record, each field a range of it.
   *
   * @throws IllegalStateException if the stored bytes are not a record of the schema's shape
   */
  @Override
  public void decode(Object stored, Set<String> fields, Map<String, ByteIterator> out) {
    record(stored).copyInto(schema, fields, out);
  }

  /**
   * A freed record's bytes are any bytes: only the extent of a record of the schema's shape is
   * copied, and the copy's counts, slot numbers and lengths are checked before a field is read.
   */
  @Override
  public boolean decodeRacy(Object stored, Set<String> fields, Map<String, ByteIterator> out) {
    RecordCopy copy = record(stored).copyWithin(schema.count(), capacity);
    return copy != null && copy.into(schema, fields, out);
  }

  @Override
  public Object merge(Object stored, Map<String, ByteIterator> values) {
    return record(stored).withReplaced(changes(values));
  }

  private Map<Integer, byte[]> changes(Map<String, ByteIterator> values) {
    Map<Integer, byte[]> changes = new HashMap<>();
    values.forEach((name, v) -> changes.put(schema.index(name), v.toArray()));
    return changes;
  }

  private static PRecord record(Object stored) {
    if (stored instanceof PRecord r) return r;
    throw new IllegalArgumentException(
        "stored record is not a J-NVM record: class="
            + (stored == null ? "null" : stored.getClass().getName()));
  }
}

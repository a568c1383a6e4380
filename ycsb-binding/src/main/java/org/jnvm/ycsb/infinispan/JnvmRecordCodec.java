package org.jnvm.ycsb.infinispan;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import org.jnvm.core.heap.Heap;
import org.jnvm.ycsb.FieldSchema;
import org.jnvm.ycsb.RecordCodec;
import org.jnvm.ycsb.jpdt.PRecord;
import site.ycsb.ByteArrayByteIterator;
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
 */
final class JnvmRecordCodec implements RecordCodec {
  private final Heap heap;
  private final FieldSchema schema;
  private final int capacity;

  JnvmRecordCodec(Heap heap, FieldSchema schema, int capacity) {
    this.heap = heap;
    this.schema = schema;
    this.capacity = capacity;
  }

  @Override
  public Object encode(Map<String, ByteIterator> values) {
    byte[][] fields = new byte[schema.count()][];
    values.forEach((name, v) -> fields[schema.index(name)] = v.toArray());
    return PRecord.create(heap, fields, capacity);
  }

  @Override
  public void decode(Object stored, Set<String> fields, Map<String, ByteIterator> out) {
    PRecord r = record(stored);
    if (fields == null) {
      for (int i = 0; i < r.fieldCount(); i++) put(out, schema.name(i), r.get(i));
    } else {
      for (String f : fields) put(out, f, r.get(schema.index(f)));
    }
  }

  /**
   * A freed record's bytes are any bytes: its field count and capacity must be the schema's (so
   * every slot lies inside the block it had) and each length within its slot, or nothing is read.
   */
  @Override
  public boolean decodeRacy(Object stored, Set<String> fields, Map<String, ByteIterator> out) {
    PRecord r = record(stored);
    if (r.fieldCount() != schema.count() || r.capacity() != capacity) return false;
    int n = schema.count();
    for (int i = 0; i < n; i++) {
      if (fields != null && !fields.contains(schema.name(i))) continue;
      byte[] v = r.getWithin(i, n, capacity);
      if (v == PRecord.MALFORMED) return false;
      put(out, schema.name(i), v);
    }
    return true;
  }

  @Override
  public Object merge(Object stored, Map<String, ByteIterator> values) {
    Map<Integer, byte[]> changes = new HashMap<>();
    values.forEach((name, v) -> changes.put(schema.index(name), v.toArray()));
    return record(stored).withReplaced(changes);
  }

  private static void put(Map<String, ByteIterator> out, String name, byte[] v) {
    if (v != null) out.put(name, new ByteArrayByteIterator(v));
  }

  private static PRecord record(Object stored) {
    if (stored instanceof PRecord r) return r;
    throw new IllegalArgumentException(
        "stored record is not a J-NVM record: class="
            + (stored == null ? "null" : stored.getClass().getName()));
  }
}

package org.jnvm.jpdt.collection;

import org.jnvm.core.heap.Heap;
import org.jnvm.core.heap.PObject;
import org.jnvm.core.heap.PersistentClass;

/** One map entry (see {@link EntryLayout}); internal to the maps. */
final class EntryRecord extends PObject {
  static final PersistentClass<EntryRecord> TYPE =
      PersistentClass.builder(EntryRecord.class.getName(), (h, a) -> new EntryRecord(h, a, null))
          .fixedSize(EntryLayout.SIZE)
          .refs(EntryLayout.KEY_OFFSET, EntryLayout.VALUE_OFFSET)
          .layout(EntryLayout.DESCRIPTION)
          .build();

  /** The offsets of the key and value objects, as stored (volatile copies for the indexes). */
  final long keyOffset;

  final long valueOffset;

  /** An entry of {@code key} and {@code value}, written back but not fenced. */
  EntryRecord(Heap heap, PObject key, PObject value) {
    super(heap, TYPE);
    setRef(EntryLayout.KEY_OFFSET, key);
    setRef(EntryLayout.VALUE_OFFSET, value);
    pwbObject();
    keyOffset = key.offset();
    valueOffset = value.offset();
  }

  private EntryRecord(Heap heap, long address, Resurrect r) {
    super(heap, address, r);
    keyOffset = EntryLayout.key(address);
    valueOffset = EntryLayout.value(address);
  }
}

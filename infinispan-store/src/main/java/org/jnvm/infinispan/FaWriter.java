package org.jnvm.infinispan;

import java.util.List;
import org.jnvm.core.heap.Heap;
import org.jnvm.core.heap.HeapCorruptException;
import org.jnvm.core.heap.PObject;
import org.jnvm.jpdt.collection.PConcurrentHashMap;
import org.jnvm.jpfa.FA;

/**
 * J-PFA mode: an existing key's {@link FaEntry} (a generated {@code @Persistent} class) is updated
 * in place by one failure-atomic block (new parts allocated, fields stored, old parts freed at
 * commit); a new key gets a record built in a block, then published by the map's one durable store;
 * a removed record is freed in a block.
 *
 * <p>The J-NVM value of a write is made durable (written back, fenced) before the block starts, so
 * that no committed block can reference data that is not on media. Frees happen inside blocks,
 * which satisfies the rule that memory written by blocks is freed only once their logs cannot
 * replay (docs/jpfa.md, isolation contract rule 4).
 *
 * <p>The map's {@code put} and {@code remove} stay outside the blocks on purpose. Inside one they
 * would take part in it (J-PDT in blocks), but the undo log restores whole cache lines and slots of
 * different keys share lines: an abort, or recovery after a crash, of one writer's block could undo
 * another writer's insert next to it. Taking part would mean serializing every writer of the store
 * around each block (docs/jpfa.md, isolation rule 1). Built first, published by one durable store,
 * a record needs no such lock: a crash between the two leaves it unreachable, and recovery reclaims
 * it.
 */
final class FaWriter implements RecordWriter {
  private final Heap heap;
  private final boolean atStart;

  FaWriter(Heap heap) {
    this(heap, false);
  }

  private FaWriter(Heap heap, boolean atStart) {
    this.heap = heap;
    this.atStart = atStart;
  }

  @Override
  public RecordWriter atStart() {
    return new FaWriter(heap, true);
  }

  @Override
  public void put(PConcurrentHashMap<Object, PObject> map, KeyForm key, EntryData d) {
    if (d.valueRef() != null) d.valueRef().persist();
    PObject existing = map.get(key);
    if (existing != null) {
      FaEntry e = entry(existing);
      FA.run(heap, () -> e.update(heap, d));
      return;
    }
    FaEntry fresh = FA.call(heap, () -> new FaEntry(heap, d));
    try {
      map.put(key, fresh.record());
    } catch (RuntimeException x) {
      FA.run(heap, () -> fresh.release(heap)); // never published
      throw x;
    }
  }

  @Override
  public PObject build(EntryData d) {
    if (d.valueRef() != null) d.valueRef().persist();
    return FA.call(heap, () -> new FaEntry(heap, d)).record(); // durable when the block returns
  }

  @Override
  public void discard(PObject record) {
    FaEntry e = entry(record);
    FA.run(heap, () -> e.release(heap, e.ownedValue()));
  }

  @Override
  public void replaced(StoredEntry old, PObject kept) {
    FaEntry e = entry(old.record());
    if (atStart) e.releaseAtStart(heap, kept);
    else FA.run(heap, () -> e.release(heap, kept));
  }

  @Override
  public void release(List<StoredEntry> records) {
    if (records.isEmpty()) return;
    if (atStart) {
      for (StoredEntry r : records) ((FaEntry) r).releaseAtStart(heap, null);
      return;
    }
    FA.run(
        heap,
        () -> {
          for (StoredEntry r : records) ((FaEntry) r).release(heap);
        });
  }

  @Override
  public StoredEntry view(PObject o) {
    return entry(o);
  }

  private FaEntry entry(PObject o) {
    Object x = o; // FaEntry is a PObject only once transformed: javac sees unrelated types
    if (x instanceof FaEntry e) return e;
    throw new HeapCorruptException(
        "a J-PFA store map holds a " + o + ", not an FaEntry (J-PDT data?) file=" + heap.file());
  }
}

package org.jnvm.jpdt.collection;

import java.util.Collections;
import java.util.Iterator;
import java.util.Map;
import java.util.Map.Entry;
import java.util.NoSuchElementException;

/**
 * The key, value and entry views of a hash map, backed by it: removals through them (and their
 * iterators) remove from the map. Iterators are weakly consistent: they walk the index part by
 * part, taking a snapshot of each part when they reach it, and never fail with a concurrent
 * modification.
 */
final class HashViews<K, V> extends MapViews<K, V> {
  private final HashCore<K, V> core;

  HashViews(HashCore<K, V> core) {
    this.core = core;
  }

  @Override
  Map<K, V> map() {
    return core;
  }

  @Override
  Iterator<Entry<K, V>> entryIterator() {
    return new EntryIterator();
  }

  @Override
  boolean containsEntry(Object key, Object value) {
    return core.containsEntry(key, value);
  }

  /** Walks every part's snapshot in turn; {@link #remove} removes the last entry if still live. */
  private final class EntryIterator implements Iterator<Entry<K, V>> {
    private int part;
    private Iterator<SnapshotEntry<K, V>> current = Collections.emptyIterator();
    private SnapshotEntry<K, V> last;

    @Override
    public boolean hasNext() {
      while (!current.hasNext() && part < core.index.parts()) {
        current = core.snapshot(part++).iterator();
      }
      return current.hasNext();
    }

    @Override
    public SnapshotEntry<K, V> next() {
      if (!hasNext()) throw new NoSuchElementException();
      last = current.next();
      return last;
    }

    @Override
    public void remove() {
      if (last == null) throw new IllegalStateException("next() not called, or already removed");
      core.remove(last.getKey(), last.entry);
      last = null;
    }
  }
}

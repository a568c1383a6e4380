package org.jnvm.jpdt.collection;

import java.util.AbstractCollection;
import java.util.AbstractSet;
import java.util.Collection;
import java.util.Collections;
import java.util.Iterator;
import java.util.Map.Entry;
import java.util.NoSuchElementException;
import java.util.Set;

/**
 * The key, value and entry views of a hash map, backed by it: removals through them (and their
 * iterators) remove from the map. Iterators are weakly consistent: they walk the index part by
 * part, taking a snapshot of each part when they reach it, and never fail with a concurrent
 * modification.
 */
final class HashViews<K, V> {
  private final HashCore<K, V> core;

  HashViews(HashCore<K, V> core) {
    this.core = core;
  }

  Set<Entry<K, V>> entrySet() {
    return new EntrySet();
  }

  Set<K> keySet() {
    return new KeySet();
  }

  Collection<V> values() {
    return new Values();
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

  private final class EntrySet extends AbstractSet<Entry<K, V>> {
    @Override
    public Iterator<Entry<K, V>> iterator() {
      return new EntryIterator();
    }

    @Override
    public int size() {
      return core.size();
    }

    @Override
    public boolean isEmpty() {
      return core.isEmpty();
    }

    @Override
    public boolean contains(Object o) {
      return o instanceof Entry<?, ?> e && core.containsEntry(e.getKey(), e.getValue());
    }

    @Override
    public boolean remove(Object o) {
      return o instanceof Entry<?, ?> e
          && e.getKey() != null
          && core.remove(e.getKey(), e.getValue());
    }

    @Override
    public void clear() {
      core.clear();
    }
  }

  private final class KeySet extends AbstractSet<K> {
    @Override
    public Iterator<K> iterator() {
      EntryIterator it = new EntryIterator();
      return new Iterator<>() {
        @Override
        public boolean hasNext() {
          return it.hasNext();
        }

        @Override
        public K next() {
          return it.next().getKey();
        }

        @Override
        public void remove() {
          it.remove();
        }
      };
    }

    @Override
    public int size() {
      return core.size();
    }

    @Override
    public boolean isEmpty() {
      return core.isEmpty();
    }

    @Override
    public boolean contains(Object o) {
      return core.containsKey(o);
    }

    @Override
    public boolean remove(Object o) {
      return core.remove(o) != null;
    }

    @Override
    public void clear() {
      core.clear();
    }
  }

  private final class Values extends AbstractCollection<V> {
    @Override
    public Iterator<V> iterator() {
      EntryIterator it = new EntryIterator();
      return new Iterator<>() {
        @Override
        public boolean hasNext() {
          return it.hasNext();
        }

        @Override
        public V next() {
          return it.next().getValue();
        }

        @Override
        public void remove() {
          it.remove();
        }
      };
    }

    @Override
    public int size() {
      return core.size();
    }

    @Override
    public boolean isEmpty() {
      return core.isEmpty();
    }

    @Override
    public boolean contains(Object o) {
      return core.containsValue(o);
    }

    @Override
    public void clear() {
      core.clear();
    }
  }
}

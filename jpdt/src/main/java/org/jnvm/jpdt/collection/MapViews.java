package org.jnvm.jpdt.collection;

import java.util.AbstractCollection;
import java.util.Collection;
import java.util.Iterator;
import java.util.Map;
import java.util.Map.Entry;
import java.util.Set;
import java.util.function.Function;

/**
 * The entry, key and value views of a persistent map, shared by the hash and the ordered maps: each
 * view is backed by {@link #map()} (sizes, lookups, removals and clear go to it), and removals
 * through a view's iterator remove from the map. A subclass says how to walk the entries, and may
 * walk keys or values alone more cheaply.
 */
abstract class MapViews<K, V> {
  /** The map the views show (the whole map or an ordered range). */
  abstract Map<K, V> map();

  /** The entries; {@code remove} on the iterator removes the last entry if still live. */
  abstract Iterator<Entry<K, V>> entryIterator();

  /** Whether the map holds {@code key} mapped to {@code value}. */
  abstract boolean containsEntry(Object key, Object value);

  /** The keys: by default the entries' keys. */
  Iterator<K> keyIterator() {
    return mapped(entryIterator(), Entry::getKey);
  }

  /** The values: by default the entries' values. */
  Iterator<V> valueIterator() {
    return mapped(entryIterator(), Entry::getValue);
  }

  final Set<Entry<K, V>> entrySet() {
    return new EntrySet();
  }

  final Set<K> keySet() {
    return new KeySet();
  }

  final Collection<V> values() {
    return new Values();
  }

  /** {@code it}'s elements through {@code f}; {@code remove} is {@code it}'s. */
  static <A, B> Iterator<B> mapped(Iterator<A> it, Function<A, B> f) {
    return new Iterator<>() {
      @Override
      public boolean hasNext() {
        return it.hasNext();
      }

      @Override
      public B next() {
        return f.apply(it.next());
      }

      @Override
      public void remove() {
        it.remove();
      }
    };
  }

  /** Size, emptiness and clear of the backing map: what all three views share. */
  private abstract class View<E> extends AbstractCollection<E> {
    @Override
    public int size() {
      return map().size();
    }

    @Override
    public boolean isEmpty() {
      return map().isEmpty();
    }

    @Override
    public void clear() {
      map().clear();
    }
  }

  /** A view that is a set: set equality and hash code, as {@link java.util.AbstractSet}'s. */
  private abstract class SetView<E> extends View<E> implements Set<E> {
    @Override
    public boolean equals(Object o) {
      if (o == this) return true;
      if (!(o instanceof Set<?> other) || other.size() != size()) return false;
      try {
        return containsAll(other);
      } catch (ClassCastException | NullPointerException unlike) {
        return false;
      }
    }

    @Override
    public int hashCode() {
      int h = 0;
      for (E e : this) h += e == null ? 0 : e.hashCode();
      return h;
    }
  }

  private final class EntrySet extends SetView<Entry<K, V>> {
    @Override
    public Iterator<Entry<K, V>> iterator() {
      return entryIterator();
    }

    @Override
    public boolean contains(Object o) {
      return o instanceof Entry<?, ?> e && containsEntry(e.getKey(), e.getValue());
    }

    @Override
    public boolean remove(Object o) {
      return o instanceof Entry<?, ?> e
          && e.getKey() != null
          && map().remove(e.getKey(), e.getValue());
    }
  }

  private final class KeySet extends SetView<K> {
    @Override
    public Iterator<K> iterator() {
      return keyIterator();
    }

    @Override
    public boolean contains(Object o) {
      return map().containsKey(o);
    }

    @Override
    public boolean remove(Object o) {
      return map().remove(o) != null;
    }
  }

  private final class Values extends View<V> {
    @Override
    public Iterator<V> iterator() {
      return valueIterator();
    }

    @Override
    public boolean contains(Object o) {
      return map().containsValue(o);
    }
  }
}

package org.jnvm.jpdt.collection;

import java.util.AbstractSet;
import java.util.Comparator;
import java.util.Iterator;
import java.util.Map;
import java.util.NavigableSet;
import java.util.SortedSet;

/**
 * The keys of an ordered map view, as a navigable set backed by it: every method is the map's
 * (removal removes the mapping; adding is not supported, as for any map's key set).
 */
final class OrderedKeySet<K> extends AbstractSet<K> implements NavigableSet<K> {
  private final OrderedView<K, ?> map;

  OrderedKeySet(OrderedView<K, ?> map) {
    this.map = map;
  }

  /** The keys in order, without reading the values. */
  @Override
  public Iterator<K> iterator() {
    return map.keyIterator();
  }

  @Override
  public Iterator<K> descendingIterator() {
    return descendingSet().iterator();
  }

  @Override
  public int size() {
    return map.size();
  }

  @Override
  public boolean isEmpty() {
    return map.isEmpty();
  }

  @Override
  public boolean contains(Object o) {
    return map.containsKey(o);
  }

  @Override
  public boolean remove(Object o) {
    return map.remove(o) != null;
  }

  @Override
  public void clear() {
    map.clear();
  }

  @Override
  public Comparator<? super K> comparator() {
    return map.comparator();
  }

  @Override
  public K first() {
    return map.firstKey();
  }

  @Override
  public K last() {
    return map.lastKey();
  }

  @Override
  public K lower(K e) {
    return map.lowerKey(e);
  }

  @Override
  public K floor(K e) {
    return map.floorKey(e);
  }

  @Override
  public K ceiling(K e) {
    return map.ceilingKey(e);
  }

  @Override
  public K higher(K e) {
    return map.higherKey(e);
  }

  @Override
  public K pollFirst() {
    Map.Entry<K, ?> e = map.pollFirstEntry();
    return e == null ? null : e.getKey();
  }

  @Override
  public K pollLast() {
    Map.Entry<K, ?> e = map.pollLastEntry();
    return e == null ? null : e.getKey();
  }

  @Override
  public NavigableSet<K> descendingSet() {
    return map.descendingMap().navigableKeySet();
  }

  @Override
  public NavigableSet<K> subSet(K from, boolean fromInclusive, K to, boolean toInclusive) {
    return map.subMap(from, fromInclusive, to, toInclusive).navigableKeySet();
  }

  @Override
  public NavigableSet<K> headSet(K to, boolean inclusive) {
    return map.headMap(to, inclusive).navigableKeySet();
  }

  @Override
  public NavigableSet<K> tailSet(K from, boolean inclusive) {
    return map.tailMap(from, inclusive).navigableKeySet();
  }

  @Override
  public SortedSet<K> subSet(K from, K to) {
    return subSet(from, true, to, false);
  }

  @Override
  public SortedSet<K> headSet(K to) {
    return headSet(to, false);
  }

  @Override
  public SortedSet<K> tailSet(K from) {
    return tailSet(from, true);
  }
}

package org.jnvm.dso.lib;

import java.util.List;
import java.util.Map;
import org.jnvm.dso.SharedObject;
import org.jnvm.dso.objects.MapObject;

/** A shared map of values (keys and values copied in and out). */
public class SharedMap<K, V> extends SharedObject {
  private static final long serialVersionUID = 1L;

  public SharedMap() {
    super(new MapObject());
  }

  @SuppressWarnings("unchecked")
  public V get(K k) {
    return (V) call("get", k);
  }

  @SuppressWarnings("unchecked")
  public V put(K k, V v) {
    return (V) call("put", k, v);
  }

  @SuppressWarnings("unchecked")
  public V putIfAbsent(K k, V v) {
    return (V) call("putIfAbsent", k, v);
  }

  @SuppressWarnings("unchecked")
  public V remove(K k) {
    return (V) call("remove", k);
  }

  /** Adds {@code d} to the Long stored under {@code k} (absent: 0); returns the new value. */
  public long addTo(K k, long d) {
    return (Long) call("addTo", k, d);
  }

  public boolean containsKey(K k) {
    return (Boolean) call("containsKey", k);
  }

  public int size() {
    return (Integer) call("size");
  }

  @SuppressWarnings("unchecked")
  public List<K> keys() {
    return (List<K>) call("keys");
  }

  /** A copy of the whole map, taken atomically. */
  @SuppressWarnings("unchecked")
  public Map<K, V> snapshot() {
    return (Map<K, V>) call("snapshot");
  }

  public void clear() {
    call("clear");
  }
}

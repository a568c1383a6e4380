package org.jnvm.dso.objects;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;

/** Server-side state of {@link org.jnvm.dso.lib.SharedMap}. */
public final class MapObject implements Serializable {
  private static final long serialVersionUID = 1L;
  private final HashMap<Object, Object> map = new HashMap<>();

  public MapObject() {}

  @ReadOnly
  public Object get(Object k) {
    return map.get(k);
  }

  public Object put(Object k, Object v) {
    return map.put(k, v);
  }

  public Object putIfAbsent(Object k, Object v) {
    return map.putIfAbsent(k, v);
  }

  public Object remove(Object k) {
    return map.remove(k);
  }

  /** Adds {@code d} to the Long under {@code k} (absent counts as 0); returns the new value. */
  public long addTo(Object k, long d) {
    long v = (Long) map.getOrDefault(k, 0L) + d;
    map.put(k, v);
    return v;
  }

  @ReadOnly
  public boolean containsKey(Object k) {
    return map.containsKey(k);
  }

  @ReadOnly
  public int size() {
    return map.size();
  }

  @ReadOnly
  public List<Object> keys() {
    return new ArrayList<>(map.keySet());
  }

  @ReadOnly
  public HashMap<Object, Object> snapshot() {
    return new HashMap<>(map);
  }

  public void clear() {
    map.clear();
  }
}

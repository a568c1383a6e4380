package org.jnvm.dso.objects;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;

/** Server-side state of {@link org.jnvm.dso.lib.SharedList}. */
public final class ListObject implements Serializable {
  private static final long serialVersionUID = 1L;
  private final ArrayList<Object> list = new ArrayList<>();

  public ListObject() {}

  public boolean add(Object e) {
    return list.add(e);
  }

  public void add(int i, Object e) {
    list.add(i, e);
  }

  @ReadOnly
  public Object get(int i) {
    return list.get(i);
  }

  public Object set(int i, Object e) {
    return list.set(i, e);
  }

  public Object removeAt(int i) {
    return list.remove(i);
  }

  @ReadOnly
  public int size() {
    return list.size();
  }

  @ReadOnly
  public int indexOf(Object e) {
    return list.indexOf(e);
  }

  @ReadOnly
  public ArrayList<Object> snapshot() {
    return new ArrayList<>(list);
  }

  public void clear() {
    list.clear();
  }

  /** Appends all of {@code es}; returns the new size. */
  public int addAll(List<Object> es) {
    list.addAll(es);
    return list.size();
  }
}

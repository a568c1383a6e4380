package org.jnvm.dso.lib;

import java.util.ArrayList;
import java.util.List;
import org.jnvm.dso.SharedObject;
import org.jnvm.dso.objects.ListObject;

/** A shared list of values (copied in and out). */
public class SharedList<E> extends SharedObject {
  private static final long serialVersionUID = 1L;

  public SharedList() {
    super(new ListObject());
  }

  public boolean add(E e) {
    return (Boolean) call("add", e);
  }

  public void add(int i, E e) {
    call("add", i, e);
  }

  @SuppressWarnings("unchecked")
  public E get(int i) {
    return (E) call("get", i);
  }

  @SuppressWarnings("unchecked")
  public E set(int i, E e) {
    return (E) call("set", i, e);
  }

  @SuppressWarnings("unchecked")
  public E removeAt(int i) {
    return (E) call("removeAt", i);
  }

  public int size() {
    return (Integer) call("size");
  }

  public int indexOf(E e) {
    return (Integer) call("indexOf", e);
  }

  /** Appends all; returns the new size. */
  public int addAll(List<? extends E> es) {
    return (Integer) call("addAll", new ArrayList<Object>(es));
  }

  /** A copy of the whole list, taken atomically. */
  @SuppressWarnings("unchecked")
  public List<E> snapshot() {
    return (List<E>) call("snapshot");
  }

  public void clear() {
    call("clear");
  }
}

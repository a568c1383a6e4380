package org.jnvm.dso.lib;

import org.jnvm.dso.SharedObject;
import org.jnvm.dso.objects.AtomicReferenceObject;

/**
 * A shared {@link java.util.concurrent.atomic.AtomicReference} of values (copied in and out):
 * compareAndSet compares with {@code equals}.
 */
public class AtomicReference<V> extends SharedObject {
  private static final long serialVersionUID = 1L;

  public AtomicReference() {
    this(null);
  }

  public AtomicReference(V initial) {
    super(new AtomicReferenceObject(initial));
  }

  @SuppressWarnings("unchecked")
  public V get() {
    return (V) call("get");
  }

  public void set(V v) {
    call("set", v);
  }

  @SuppressWarnings("unchecked")
  public V getAndSet(V v) {
    return (V) call("getAndSet", v);
  }

  public boolean compareAndSet(V expect, V update) {
    return (Boolean) call("compareAndSet", expect, update);
  }
}

package org.jnvm.dso.lib;

import org.jnvm.dso.SharedObject;
import org.jnvm.dso.objects.AtomicIntegerObject;

/** A shared {@link java.util.concurrent.atomic.AtomicInteger}. */
public class AtomicInteger extends SharedObject {
  private static final long serialVersionUID = 1L;

  public AtomicInteger() {
    this(0);
  }

  public AtomicInteger(int initial) {
    super(new AtomicIntegerObject(initial));
  }

  public int get() {
    return (Integer) call("get");
  }

  public void set(int v) {
    call("set", v);
  }

  public int getAndSet(int v) {
    return (Integer) call("getAndSet", v);
  }

  public int addAndGet(int d) {
    return (Integer) call("addAndGet", d);
  }

  public int getAndAdd(int d) {
    return (Integer) call("getAndAdd", d);
  }

  public int incrementAndGet() {
    return addAndGet(1);
  }

  public int decrementAndGet() {
    return addAndGet(-1);
  }

  public boolean compareAndSet(int expect, int update) {
    return (Boolean) call("compareAndSet", expect, update);
  }
}

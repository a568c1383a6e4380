package org.jnvm.dso.objects;

import java.io.Serializable;

/** Server-side state of {@link org.jnvm.dso.lib.AtomicInteger}. */
public final class AtomicIntegerObject implements Serializable {
  private static final long serialVersionUID = 1L;
  private int value;

  public AtomicIntegerObject(int initial) {
    value = initial;
  }

  @ReadOnly
  public int get() {
    return value;
  }

  public void set(int v) {
    value = v;
  }

  public int getAndSet(int v) {
    int old = value;
    value = v;
    return old;
  }

  public int addAndGet(int d) {
    value += d;
    return value;
  }

  public int getAndAdd(int d) {
    int old = value;
    value += d;
    return old;
  }

  public boolean compareAndSet(int expect, int update) {
    if (value != expect) {
      return false;
    }
    value = update;
    return true;
  }
}

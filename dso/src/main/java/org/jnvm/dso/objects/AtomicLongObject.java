package org.jnvm.dso.objects;

import java.io.Serializable;

/** Server-side state of {@link org.jnvm.dso.lib.AtomicLong}. */
public final class AtomicLongObject implements Serializable {
  private static final long serialVersionUID = 1L;
  private long value;

  public AtomicLongObject(long initial) {
    value = initial;
  }

  @ReadOnly
  public long get() {
    return value;
  }

  public void set(long v) {
    value = v;
  }

  public long getAndSet(long v) {
    long old = value;
    value = v;
    return old;
  }

  public long addAndGet(long d) {
    value += d;
    return value;
  }

  public long getAndAdd(long d) {
    long old = value;
    value += d;
    return old;
  }

  public boolean compareAndSet(long expect, long update) {
    if (value != expect) {
      return false;
    }
    value = update;
    return true;
  }
}

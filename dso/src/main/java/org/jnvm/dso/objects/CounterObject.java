package org.jnvm.dso.objects;

import java.io.Serializable;

/** Server-side state of {@link org.jnvm.dso.lib.Counter}: a long that only moves by deltas. */
public final class CounterObject implements Serializable {
  private static final long serialVersionUID = 1L;
  private long value;

  public CounterObject(long initial) {
    value = initial;
  }

  public long increment() {
    return ++value;
  }

  public long add(long d) {
    value += d;
    return value;
  }

  @ReadOnly
  public long value() {
    return value;
  }

  public long reset() {
    long old = value;
    value = 0;
    return old;
  }
}

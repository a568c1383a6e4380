package org.jnvm.dso.lib;

import org.jnvm.dso.SharedObject;
import org.jnvm.dso.objects.CounterObject;

/** A shared counter: increments and additions, each returning the new value. */
public class Counter extends SharedObject {
  private static final long serialVersionUID = 1L;

  public Counter() {
    super(new CounterObject(0));
  }

  public long increment() {
    return (Long) call("increment");
  }

  public long add(long d) {
    return (Long) call("add", d);
  }

  public long value() {
    return (Long) call("value");
  }

  /** Sets the counter to 0 and returns the value it had. */
  public long reset() {
    return (Long) call("reset");
  }
}

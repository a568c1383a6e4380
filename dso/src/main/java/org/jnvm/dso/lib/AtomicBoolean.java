package org.jnvm.dso.lib;

import org.jnvm.dso.SharedObject;
import org.jnvm.dso.objects.AtomicBooleanObject;

/** A shared {@link java.util.concurrent.atomic.AtomicBoolean}. */
public class AtomicBoolean extends SharedObject {
  private static final long serialVersionUID = 1L;

  public AtomicBoolean() {
    this(false);
  }

  public AtomicBoolean(boolean initial) {
    super(new AtomicBooleanObject(initial));
  }

  public boolean get() {
    return (Boolean) call("get");
  }

  public void set(boolean v) {
    call("set", v);
  }

  public boolean getAndSet(boolean v) {
    return (Boolean) call("getAndSet", v);
  }

  public boolean compareAndSet(boolean expect, boolean update) {
    return (Boolean) call("compareAndSet", expect, update);
  }
}

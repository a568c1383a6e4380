package org.jnvm.dso.objects;

import java.io.Serializable;

/** Server-side state of {@link org.jnvm.dso.lib.AtomicBoolean}. */
public final class AtomicBooleanObject implements Serializable {
  private static final long serialVersionUID = 1L;
  private boolean value;

  public AtomicBooleanObject(boolean initial) {
    value = initial;
  }

  @ReadOnly
  public boolean get() {
    return value;
  }

  public void set(boolean v) {
    value = v;
  }

  public boolean getAndSet(boolean v) {
    boolean old = value;
    value = v;
    return old;
  }

  public boolean compareAndSet(boolean expect, boolean update) {
    if (value != expect) {
      return false;
    }
    value = update;
    return true;
  }
}

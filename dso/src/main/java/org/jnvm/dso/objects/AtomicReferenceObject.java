package org.jnvm.dso.objects;

import java.io.Serializable;
import java.util.Objects;

/**
 * Server-side state of {@link org.jnvm.dso.lib.AtomicReference}. Values are copies, so
 * compareAndSet compares with {@code equals}, not identity.
 */
public final class AtomicReferenceObject implements Serializable {
  private static final long serialVersionUID = 1L;
  private Object value;

  public AtomicReferenceObject(Object initial) {
    value = initial;
  }

  @ReadOnly
  public Object get() {
    return value;
  }

  public void set(Object v) {
    value = v;
  }

  public Object getAndSet(Object v) {
    Object old = value;
    value = v;
    return old;
  }

  public boolean compareAndSet(Object expect, Object update) {
    if (!Objects.equals(value, expect)) {
      return false;
    }
    value = update;
    return true;
  }
}

package org.jnvm.dso.lib;

import org.jnvm.dso.SharedObject;
import org.jnvm.dso.objects.FutureObject;

/** A shared future: completed once by anyone, awaited by anyone. */
public class SharedFuture<V> extends SharedObject {
  private static final long serialVersionUID = 1L;

  public SharedFuture() {
    super(new FutureObject());
  }

  /** Completes the future; returns false if it was already complete. */
  public boolean complete(V value) {
    return (Boolean) call("complete", value);
  }

  /** Waits for the value. */
  @SuppressWarnings("unchecked")
  public V get() {
    return (V) call("get");
  }

  public boolean isDone() {
    return (Boolean) call("isDone");
  }
}

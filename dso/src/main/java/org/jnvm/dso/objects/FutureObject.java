package org.jnvm.dso.objects;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;

/**
 * Server-side state of {@link org.jnvm.dso.lib.SharedFuture}: completed once, by any caller; {@code
 * get} parks until then.
 */
public final class FutureObject implements Serializable {
  private static final long serialVersionUID = 1L;
  private boolean done;
  private Object value;
  private final List<Ticket> waiting = new ArrayList<>();

  public FutureObject() {}

  /** Sets the value if not done yet; returns whether this call completed the future. */
  public boolean complete(Object v) {
    if (done) {
      return false;
    }
    done = true;
    value = v;
    waiting.forEach(t -> Calls.complete(t, v));
    waiting.clear();
    return true;
  }

  public Object get() {
    if (done) {
      return value;
    }
    waiting.add(Calls.ticket());
    return Calls.park();
  }

  @ReadOnly
  public boolean isDone() {
    return done;
  }
}

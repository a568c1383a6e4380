package org.jnvm.dso.objects;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;

/** Server-side state machine of {@link org.jnvm.dso.lib.CountDownLatch}. */
public final class CountDownLatchObject implements Serializable {
  private static final long serialVersionUID = 1L;
  private long count;
  private final List<Ticket> waiting = new ArrayList<>();

  public CountDownLatchObject(long count) {
    if (count < 0) {
      throw new IllegalArgumentException("count must be >= 0: " + count);
    }
    this.count = count;
  }

  public Object await() {
    if (count == 0) {
      return true;
    }
    waiting.add(Calls.ticket());
    return Calls.park();
  }

  public void countDown() {
    if (count == 0) {
      return;
    }
    if (--count == 0) {
      waiting.forEach(t -> Calls.complete(t, true));
      waiting.clear();
    }
  }

  @ReadOnly
  public long getCount() {
    return count;
  }
}

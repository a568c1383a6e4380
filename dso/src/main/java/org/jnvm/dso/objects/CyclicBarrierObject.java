package org.jnvm.dso.objects;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;

/**
 * Server-side state machine of {@link org.jnvm.dso.lib.CyclicBarrier}. {@code await} parks its
 * caller until the last of {@code parties} arrives; the last arrival completes every parked ticket
 * of the generation and starts the next one. Arrival indexes follow {@link
 * java.util.concurrent.CyclicBarrier#await()}: parties - 1 for the first, 0 for the last.
 */
public final class CyclicBarrierObject implements Serializable {
  private static final long serialVersionUID = 1L;
  private final int parties;
  private long generation;
  private final List<Ticket> waiting = new ArrayList<>();

  public CyclicBarrierObject(int parties) {
    if (parties <= 0) {
      throw new IllegalArgumentException("parties must be positive: " + parties);
    }
    this.parties = parties;
  }

  public Object await() {
    int index = parties - 1 - waiting.size();
    if (index > 0) {
      waiting.add(Calls.ticket());
      return Calls.park();
    }
    for (int i = 0; i < waiting.size(); i++) {
      Calls.complete(waiting.get(i), parties - 1 - i);
    }
    waiting.clear();
    generation++;
    return 0;
  }

  @ReadOnly
  public int getParties() {
    return parties;
  }

  @ReadOnly
  public int getNumberWaiting() {
    return waiting.size();
  }

  /** Completed generations (rounds) so far. */
  @ReadOnly
  public long generation() {
    return generation;
  }
}

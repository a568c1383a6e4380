package org.jnvm.dso.lib;

import org.jnvm.dso.SharedObject;
import org.jnvm.dso.objects.CyclicBarrierObject;

/**
 * A shared {@link java.util.concurrent.CyclicBarrier} for any number of parties, processes
 * included. A waiting caller holds no server thread or lock: its call is parked on the server and
 * answered by the last arrival.
 */
public class CyclicBarrier extends SharedObject {
  private static final long serialVersionUID = 1L;

  public CyclicBarrier(int parties) {
    super(new CyclicBarrierObject(parties));
  }

  /** Waits for all parties; returns the arrival index (parties - 1 first, 0 last). */
  public int await() {
    return (Integer) call("await");
  }

  public int getParties() {
    return (Integer) call("getParties");
  }

  public int getNumberWaiting() {
    return (Integer) call("getNumberWaiting");
  }

  /** Rounds completed so far. */
  public long generation() {
    return (Long) call("generation");
  }
}

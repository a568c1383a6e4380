package org.jnvm.jpdt.testkit;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Durable linearizability of a sequential workload: after k acknowledged operations, a crash image
 * must show the state after k operations, or after k + 1 (the one in flight).
 *
 * @param <S> an observable state, compared with equals
 */
public final class History<S> {
  private final List<S> states = new ArrayList<>();
  private final AtomicInteger acked = new AtomicInteger();

  public History(S initial) {
    states.add(initial);
  }

  /** Declares the state after the next operation (build the whole history before running). */
  public History<S> then(S next) {
    states.add(next);
    return this;
  }

  /** Called by the workload after each operation returns. */
  public void ack() {
    acked.incrementAndGet();
  }

  public int acked() {
    return acked.get();
  }

  /** The state after {@code k} operations. */
  public S state(int k) {
    return states.get(k);
  }

  public int operations() {
    return states.size() - 1;
  }

  /** Fails unless {@code observed} is the state after the acknowledged operations or one more. */
  public void check(S observed) {
    int k = acked.get();
    boolean ok =
        observed.equals(states.get(k))
            || (k + 1 < states.size() && observed.equals(states.get(k + 1)));
    assertTrue(
        ok,
        "after "
            + k
            + " acknowledged operations the image shows "
            + observed
            + ", expected "
            + states.get(k)
            + (k + 1 < states.size() ? " or " + states.get(k + 1) : ""));
  }

  /** The index of the state {@code observed} matches among k and k + 1 (k first), or -1. */
  public int match(S observed) {
    int k = acked.get();
    if (observed.equals(states.get(k))) return k;
    if (k + 1 < states.size() && observed.equals(states.get(k + 1))) return k + 1;
    return -1;
  }
}

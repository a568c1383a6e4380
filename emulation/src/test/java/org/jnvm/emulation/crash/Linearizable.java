package org.jnvm.emulation.crash;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Durable linearizability for a sequential workload: after k acknowledged operations, a crash image
 * must show the state after k operations, or after k + 1 (the one in flight).
 *
 * @param <S> an observable state, compared with equals
 */
final class Linearizable<S> {
  private final List<S> states = new ArrayList<>();
  private final AtomicInteger acked = new AtomicInteger();

  Linearizable(S initial) {
    states.add(initial);
  }

  /** Declares the state after the next operation (build the whole history before running). */
  Linearizable<S> then(S next) {
    states.add(next);
    return this;
  }

  /** Called by the workload after each operation returns. */
  void ack() {
    acked.incrementAndGet();
  }

  int acked() {
    return acked.get();
  }

  void check(S observed) {
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
}

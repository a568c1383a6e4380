package org.jnvm.jpfa;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Durable linearizability of a sequence of blocks: after k acknowledged blocks, a crash image shows
 * the state after k blocks, or after k + 1 (the one in flight), never anything in between.
 */
final class History<S> {
  private final List<S> states = new ArrayList<>();
  private final AtomicInteger acked = new AtomicInteger();

  History(S initial) {
    states.add(initial);
  }

  /** Declares the state after the next block. */
  History<S> then(S next) {
    states.add(next);
    return this;
  }

  /** The workload calls this after each block returns (or throws, for an aborted one). */
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
            + " acknowledged blocks the image shows\n  "
            + observed
            + "\nexpected\n  "
            + states.get(k)
            + (k + 1 < states.size() ? "\nor\n  " + states.get(k + 1) : ""));
  }
}

package org.jnvm.emulation.crash;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Durable linearizability of a sequential workload: after k acknowledged operations, a crash image
 * must show the state after k operations, or after k + 1 (the one in flight).
 *
 * <p>Used from crash-test checks: a violation is an {@link AssertionError} naming the states.
 *
 * @param <S> an observable state, compared with equals
 */
public final class Linearizable<S> {
  private final List<S> states = new ArrayList<>();
  private final AtomicInteger acked = new AtomicInteger();
  private final AtomicInteger steps = new AtomicInteger(1);

  /** The latest state a concurrent reader saw (index in the history), -1 before any read. */
  private final AtomicInteger seen = new AtomicInteger(-1);

  public Linearizable(S initial) {
    states.add(initial);
  }

  /** Declares the state after the next operation (build the whole history before running). */
  public Linearizable<S> then(S next) {
    states.add(next);
    return this;
  }

  /**
   * Declares that the next operation is a sequence of {@code n} durably linearizable steps (a range
   * clear, say), whose states follow in the history: until it returns, a crash image may show any
   * of them.
   */
  public void steps(int n) {
    steps.set(n);
  }

  /** Called by the workload after each operation returns. */
  public void ack() {
    acked.addAndGet(steps.getAndSet(1));
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

  /**
   * Records that a reader concurrent with the workload saw {@code observed}: it must be the state
   * after the acknowledged operations or after some steps of the one in flight (else the read is
   * not linearizable), and from now on every crash image must show that state or a later one
   * (durable linearizability of reads: a value a reader saw is not lost by a crash). Duplicate
   * states count as the latest one that matches.
   */
  public void read(S observed) {
    int k = acked.get();
    int last = Math.min(states.size() - 1, k + steps.get());
    for (int i = last; i >= k; i--) {
      if (states.get(i).equals(observed)) {
        seen.accumulateAndGet(i, Math::max);
        return;
      }
    }
    throw new AssertionError(
        "after "
            + k
            + " acknowledged operations a reader saw "
            + observed
            + ", expected one of "
            + states.subList(k, last + 1));
  }

  /**
   * Fails unless {@code observed} is the state after the acknowledged operations, or after some of
   * the steps of the one in flight, and is not older than what a reader saw ({@link #read}).
   */
  public void check(S observed) {
    int k = acked.get();
    int last = Math.min(states.size() - 1, k + steps.get());
    int r = seen.get();
    if (r > k) {
      if (states.subList(r, last + 1).contains(observed)) return;
      throw new AssertionError(
          "a reader saw "
              + states.get(r)
              + " (state "
              + r
              + ") before this crash, but the image shows "
              + observed
              + " (after "
              + k
              + " acknowledged operations): a value seen by a reader was lost");
    }
    if (states.subList(k, last + 1).contains(observed)) return;
    throw new AssertionError(
        "after "
            + k
            + " acknowledged operations the image shows "
            + observed
            + ", expected one of "
            + states.subList(k, last + 1));
  }
}

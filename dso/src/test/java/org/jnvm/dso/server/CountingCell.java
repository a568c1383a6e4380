package org.jnvm.dso.server;

import java.io.Serializable;
import java.util.concurrent.atomic.AtomicInteger;

/** A shared type that counts, per JVM, how many times its method ran (tests). */
public final class CountingCell implements Cell, Serializable {
  private static final long serialVersionUID = 1L;

  /** Runs of {@link #add} in this JVM, on every node it hosts. */
  public static final AtomicInteger RUNS = new AtomicInteger();

  private long value;

  public CountingCell(long value) {
    this.value = value;
  }

  /** Changes the state, then fails: the change must not reach any later call. */
  public long addThenFail(long d) {
    value += d;
    throw new IllegalStateException("failed after adding " + d);
  }

  @org.jnvm.dso.objects.ReadOnly
  public long peekAndChange() {
    return value++; // breaks @ReadOnly's contract: the change must not be seen
  }

  @Override
  public long add(long d) {
    RUNS.incrementAndGet();
    value += d;
    return value;
  }
}

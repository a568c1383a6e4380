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

  @Override
  public long add(long d) {
    RUNS.incrementAndGet();
    value += d;
    return value;
  }
}

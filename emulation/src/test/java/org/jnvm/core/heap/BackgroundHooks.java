package org.jnvm.core.heap;

import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

/** Public access to the background mark's test hook, for kill-test children in other packages. */
public final class BackgroundHooks {
  private BackgroundHooks() {}

  /**
   * Makes every background mark of this JVM pause {@code nanos} after each {@code every} objects it
   * reads, so that a child's workload and its kill fall inside the mark.
   */
  public static void slowMark(int every, long nanos) {
    AtomicLong n = new AtomicLong();
    BackgroundRecovery.afterScanForTests =
        off -> {
          if (n.incrementAndGet() % every == 0) LockSupport.parkNanos(nanos);
        };
  }
}

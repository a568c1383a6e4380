package org.jnvm.core.heap;

import java.util.concurrent.locks.LockSupport;

/**
 * Who reads an object's references as they were at the snapshot, when the mark runs beside the
 * program ({@link BackgroundRecovery}): the mark, or the store barrier just before the program's
 * first store into it. Whoever claims a granule first reads the object and then sets it done; the
 * other waits for done (a store must not change the object while the claimer reads it, and the mark
 * must not move on before the barrier's grey objects are queued). Volatile memory, two bits per
 * granule of the snapshot.
 */
final class ScanClaims {
  private static final int SPINS = 64;
  private static final long PARK_NANOS = 20_000;

  private final Bitmap claimed;
  private final Bitmap done;

  ScanClaims(long granules) {
    this.claimed = new Bitmap(granules);
    this.done = new Bitmap(granules);
  }

  /**
   * True if this call claimed granule {@code g}: the caller reads the object, then {@link #done}.
   */
  boolean claim(long g) {
    return claimed.set(g);
  }

  void done(long g) {
    done.set(g);
  }

  boolean isDone(long g) {
    return done.get(g);
  }

  /**
   * Waits until the claimer of {@code g} is done (it reads one object and never blocks), or until
   * {@code giveUp} says the mark has stopped.
   */
  void awaitDone(long g, java.util.function.BooleanSupplier giveUp) {
    for (int i = 0; !done.get(g); i++) {
      if (giveUp.getAsBoolean()) return;
      if (i < SPINS) Thread.onSpinWait();
      else LockSupport.parkNanos(PARK_NANOS);
    }
  }
}

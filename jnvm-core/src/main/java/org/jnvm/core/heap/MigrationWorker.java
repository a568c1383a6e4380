package org.jnvm.core.heap;

import java.util.concurrent.atomic.AtomicReference;
import org.jnvm.core.JnvmException;

/**
 * One worker of a migration: converts its share of the objects in batches through its own {@link
 * ConversionLog}. A batch is two steps, {@link #arm} (log the old images, arm the log) and {@link
 * #convert} (rewrite the objects, clear the log), so that the workers can run on threads of their
 * own ({@link #parallel}) or take turns on one thread ({@link #interleaved}) with every log armed
 * at once. The first conversion that throws stops every worker after its current batch; the batch
 * that threw is rolled back in place, the others commit.
 */
final class MigrationWorker {
  private final Heap heap;
  private final ConversionLog log;
  private final Migration.Converter converter;
  private final Migration.Share share;
  private final String className;

  MigrationWorker(
      Heap heap,
      ConversionLog log,
      Migration.Converter converter,
      Migration.Share share,
      String className) {
    this.heap = heap;
    this.log = log;
    this.converter = converter;
    this.share = share;
    this.className = className;
  }

  /** Runs each worker on a thread of its own until all shares are done or one fails. */
  static void parallel(MigrationWorker[] ws) {
    AtomicReference<RuntimeException> failure = new AtomicReference<>();
    Workers.run(
        ws.length,
        "jnvm-migrate",
        i -> {
          try {
            while (failure.get() == null && ws[i].arm()) ws[i].convert();
          } catch (RuntimeException e) {
            failure.compareAndSet(null, e);
          }
        });
    if (failure.get() != null) throw failure.get();
  }

  /**
   * Runs the workers in turns on the calling thread: every worker arms, then every one converts.
   */
  static void interleaved(MigrationWorker[] ws) {
    RuntimeException failure = null;
    boolean[] armed = new boolean[ws.length];
    while (failure == null) {
      boolean any = false;
      for (int i = 0; i < ws.length; i++) any |= armed[i] = ws[i].arm();
      if (!any) break;
      for (int i = 0; i < ws.length; i++) {
        try {
          if (armed[i]) ws[i].convert();
        } catch (RuntimeException e) {
          if (failure == null) failure = e;
        }
      }
    }
    if (failure != null) throw failure;
  }

  /** Logs the next batch of the share and arms it; false when the share is done. */
  boolean arm() {
    while (share.hasNext()) {
      long obj = heap.base() + share.peek();
      if (!log.add(obj, ObjectLayout.HEADER + ObjectLayout.size(obj))) break;
      share.advance();
    }
    if (log.size() == 0) {
      if (!share.hasNext()) return false;
      long obj = heap.base() + share.peek();
      throw new IllegalStateException(
          "an empty conversion log refused the object at 0x"
              + Long.toHexString(obj - heap.base())
              + " of "
              + (ObjectLayout.HEADER + ObjectLayout.size(obj))
              + " bytes");
    }
    log.arm();
    return true;
  }

  /** Converts the armed batch and commits it; one that throws is rolled back, then rethrown. */
  void convert() {
    int i = 0;
    try {
      for (; i < log.size(); i++) converter.convert(log.target(i), log.image(i));
    } catch (RuntimeException e) {
      long at = log.target(i) - heap.base();
      log.rollBack();
      throw new JnvmException(
          "the conversion of "
              + className
              + " failed on the object at 0x"
              + Long.toHexString(at)
              + " ("
              + e
              + "); its batch was rolled back: every object is in its stored shape or converted"
              + " whole, file="
              + heap.file(),
          e);
    }
    log.commit();
  }

  /** Unbinds and frees the worker's log once the migration is done. */
  void close() {
    log.close();
  }
}

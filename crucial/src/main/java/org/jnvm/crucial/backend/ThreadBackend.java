package org.jnvm.crucial.backend;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Functions as threads of this JVM: the task still travels serialized (so a task that would not
 * survive the trip to a cloud function fails here too) and binds its shared objects to this JVM's
 * default DSO client. Up to {@code slots} functions run at once; the others queue.
 */
public final class ThreadBackend implements Backend {
  private final int slots;
  private final ExecutorService pool;

  public ThreadBackend(int slots) {
    if (slots < 1) {
      throw new IllegalArgumentException("a thread backend needs at least one slot: " + slots);
    }
    this.slots = slots;
    AtomicInteger n = new AtomicInteger();
    this.pool =
        Executors.newFixedThreadPool(
            slots,
            r -> {
              Thread t = new Thread(r, "cloud-fn-" + n.incrementAndGet());
              t.setDaemon(true);
              return t;
            });
  }

  @Override
  public CompletableFuture<byte[]> invoke(Invocation inv) {
    return CompletableFuture.supplyAsync(() -> TaskRunner.run(inv.task(), inv.journal()), pool);
  }

  @Override
  public int parallelism() {
    return slots;
  }

  @Override
  public void close() {
    pool.shutdownNow();
  }
}

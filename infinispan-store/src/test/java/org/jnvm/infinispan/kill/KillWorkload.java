package org.jnvm.infinispan.kill;

import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicLongArray;
import org.infinispan.Cache;
import org.infinispan.manager.EmbeddedCacheManager;
import org.jnvm.emulation.kill.KillChild;
import org.jnvm.infinispan.Caches;
import org.jnvm.infinispan.StoreMode;

/**
 * The kill test's child: an embedded cache (write-through to the J-NVM store, 64 entries in memory)
 * on the heap, {@link KillSchedule#WRITERS} threads putting their operations in order, and the main
 * thread acknowledging the watermark of operations whose put has returned (so is durable). It finds
 * its position from the values in the store: each writer's highest stored operation.
 *
 * <p>Arguments: heap path, mode.
 */
public final class KillWorkload {
  private KillWorkload() {}

  public static void main(String[] args) throws InterruptedException {
    KillChild.begin();
    StoreMode mode = StoreMode.valueOf(args[1]);
    EmbeddedCacheManager cm = Caches.manager(Caches.config(Path.of(args[0]), mode, 64, false));
    Cache<String, String> c = cm.getCache(Caches.NAME);
    AtomicLongArray done = new AtomicLongArray(KillSchedule.WRITERS);
    for (int t = 0; t < KillSchedule.WRITERS; t++) done.set(t, t - KillSchedule.WRITERS);
    for (int s = 0; s < KillSchedule.SLOTS; s++) {
      String v = c.get("k" + s);
      if (v == null) continue;
      long j = KillSchedule.op(v);
      int t = (int) (j % KillSchedule.WRITERS);
      if (j > done.get(t)) done.set(t, j);
    }
    for (int t = 0; t < KillSchedule.WRITERS; t++) {
      int writer = t;
      Thread w = new Thread(() -> write(c, writer, done), "writer-" + t);
      w.setDaemon(true);
      w.start();
    }
    acknowledge(done);
  }

  private static void write(Cache<String, String> c, int t, AtomicLongArray done) {
    for (long j = done.get(t) + KillSchedule.WRITERS; ; j += KillSchedule.WRITERS) {
      c.put(KillSchedule.key(j), KillSchedule.value(j));
      done.set(t, j);
    }
  }

  private static void acknowledge(AtomicLongArray done) throws InterruptedException {
    long[] d = new long[done.length()];
    long acked = Long.MIN_VALUE;
    while (true) {
      for (int t = 0; t < d.length; t++) d[t] = done.get(t);
      long w = KillSchedule.watermark(d);
      if (acked == Long.MIN_VALUE) acked = w; // acknowledged before, or nothing yet
      else if (w > acked) {
        KillChild.ack(w);
        acked = w;
      }
      Thread.sleep(1);
    }
  }
}

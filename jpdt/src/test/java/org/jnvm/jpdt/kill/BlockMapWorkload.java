package org.jnvm.jpdt.kill;

import java.nio.file.Path;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicLongArray;
import org.jnvm.core.heap.Heap;
import org.jnvm.emulation.kill.KillChild;
import org.jnvm.jpdt.collection.LockConflictException;
import org.jnvm.jpfa.FA;

/**
 * The no-lock kill test's child: two writer threads run failure-atomic blocks on one concurrent map
 * (the root {@link #ROOT}, either kind) with no lock of their own, and two reader threads read it
 * with none, until killed. Writer {@code t}'s block {@code j} makes {@link MapSchedule}'s operation
 * {@code j} on its own keys, sets the shared key {@link #sharedKey} of {@code j} to {@code t/j},
 * and sets its counter to {@code j}; a quarter of the blocks abort after their changes, and those
 * and the blocks that give up on a lock conflict run again. The main thread acknowledges the global
 * operation numbers all writers have committed ({@link MapSchedule#watermark}). A reader that sees
 * a malformed value, or fails, halts the child: the harness reports a child that ends by itself.
 *
 * <p>Arguments: heap path, number of writer threads, seed.
 */
public final class BlockMapWorkload {
  static final String ROOT = "kill-blocks";
  static final int SHARED = 4;

  private BlockMapWorkload() {}

  public static void main(String[] args) throws InterruptedException {
    KillChild.begin();
    int writers = Integer.parseInt(args[1]);
    long seed = Long.parseLong(args[2]);
    try (Heap heap = Heap.open(Path.of(args[0]))) {
      Map<String, String> map = heap.roots().get(ROOT);
      AtomicLongArray done = new AtomicLongArray(writers);
      for (int t = 0; t < writers; t++) {
        String ctr = map.get(MapSchedule.counterKey(t));
        done.set(t, ctr == null ? 0 : Long.parseLong(ctr));
      }
      for (int t = 0; t < writers; t++) {
        int w = t;
        daemon("writer-" + t, () -> write(heap, map, w, done, new SplittableRandom(seed + w)));
        daemon("reader-" + t, () -> read(map, writers, new SplittableRandom(seed - w)));
      }
      acknowledge(done);
    }
  }

  static String sharedKey(long j) {
    return "s/" + (j % SHARED);
  }

  private static void daemon(String name, Runnable r) {
    Thread t = new Thread(r, name);
    t.setDaemon(true);
    t.start();
  }

  private static void write(
      Heap heap, Map<String, String> map, int t, AtomicLongArray done, SplittableRandom rnd) {
    for (long j = done.get(t) + 1; ; ) {
      long op = j;
      boolean abort = rnd.nextInt(4) == 0;
      try {
        FA.run(
            heap,
            () -> {
              String v = MapSchedule.value(op);
              if (v == null) map.remove(MapSchedule.key(t, op));
              else map.put(MapSchedule.key(t, op), v);
              map.put(sharedKey(op), t + "/" + op);
              map.put(MapSchedule.counterKey(t), Long.toString(op));
              if (abort) throw new IllegalStateException("chosen abort");
            });
      } catch (IllegalStateException | LockConflictException e) {
        continue; // the block rolled back: run operation j again
      }
      done.set(t, j++);
    }
  }

  private static void read(Map<String, String> map, int writers, SplittableRandom rnd) {
    try {
      while (true) {
        for (int n = 0; n < 100; n++) {
          String k =
              rnd.nextBoolean()
                  ? sharedKey(rnd.nextInt(SHARED))
                  : MapSchedule.key(rnd.nextInt(writers), rnd.nextInt(MapSchedule.KEYS));
          wellFormed(k, map.get(k));
        }
        for (Map.Entry<String, String> e : map.entrySet()) wellFormed(e.getKey(), e.getValue());
      }
    } catch (Throwable e) {
      System.err.println("reader failed: " + e);
      Runtime.getRuntime().halt(70);
    }
  }

  private static void wellFormed(String key, String v) {
    if (v == null || key.endsWith("/ctr")) return;
    boolean ok =
        key.startsWith("s/")
            ? v.matches("\\d+/\\d+")
                && Long.parseLong(v.split("/")[1]) % SHARED == key.charAt(2) - '0'
            : (v.startsWith("v") || v.startsWith("w")) && v.contains("-");
    if (!ok) throw new IllegalStateException("malformed value: " + key + " = " + v);
  }

  private static void acknowledge(AtomicLongArray done) throws InterruptedException {
    long[] d = new long[done.length()];
    long acked = -1;
    while (true) {
      for (int t = 0; t < d.length; t++) d[t] = done.get(t);
      long w = MapSchedule.watermark(d);
      if (acked < 0) acked = w;
      else if (w > acked) {
        KillChild.ack(w);
        acked = w;
      }
      Thread.sleep(1);
    }
  }
}

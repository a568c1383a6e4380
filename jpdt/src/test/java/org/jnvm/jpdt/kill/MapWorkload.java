package org.jnvm.jpdt.kill;

import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicLongArray;
import org.jnvm.core.heap.Heap;
import org.jnvm.emulation.kill.KillChild;
import org.jnvm.jpdt.collection.PConcurrentHashMap;

/**
 * The kill test's child: opens (and so recovers) the heap, rebuilds the map, lets each writer
 * thread settle its counter, then runs the writers until killed; the main thread acknowledges the
 * global operation numbers that all writers have made durable ({@link MapSchedule#watermark}).
 *
 * <p>Arguments: heap path, number of writer threads.
 */
public final class MapWorkload {
  static final String ROOT = "kill-map";

  private MapWorkload() {}

  public static void main(String[] args) throws InterruptedException {
    KillChild.begin();
    int writers = Integer.parseInt(args[1]);
    try (Heap heap = Heap.open(Path.of(args[0]))) {
      PConcurrentHashMap<String, String> map = heap.roots().get(ROOT);
      AtomicLongArray done = new AtomicLongArray(writers);
      for (int t = 0; t < writers; t++) done.set(t, settle(map, t));
      for (int t = 0; t < writers; t++) {
        int thread = t;
        Thread w = new Thread(() -> write(map, thread, done), "writer-" + t);
        w.setDaemon(true);
        w.start();
      }
      acknowledge(done);
    }
  }

  /**
   * The number of operations thread {@code t} has done, its counter brought up to date: the counter
   * says c, and the data is as after c operations, or c + 1 if the kill fell between the data
   * operation and the counter's update.
   */
  static long settle(PConcurrentHashMap<String, String> map, int t) {
    String ctr = map.get(MapSchedule.counterKey(t));
    long c = ctr == null ? 0 : Long.parseLong(ctr);
    Map<String, String> data = data(map, t);
    if (MapSchedule.expected(t, c).equals(data)) return c;
    if (!MapSchedule.expected(t, c + 1).equals(data)) {
      throw new IllegalStateException(
          "thread " + t + " data matches neither operation " + c + " nor " + (c + 1) + ": " + data);
    }
    map.put(MapSchedule.counterKey(t), Long.toString(c + 1));
    return c + 1;
  }

  /** The data keys of thread {@code t} (its counter excluded). */
  static Map<String, String> data(Map<String, String> map, int t) {
    Map<String, String> m = new TreeMap<>();
    String prefix = "t" + t + "/";
    map.forEach(
        (k, v) -> {
          if (k.startsWith(prefix) && !k.equals(MapSchedule.counterKey(t))) m.put(k, v);
        });
    return m;
  }

  private static void write(PConcurrentHashMap<String, String> map, int t, AtomicLongArray done) {
    for (long j = done.get(t) + 1; ; j++) {
      String v = MapSchedule.value(j);
      if (v == null) map.remove(MapSchedule.key(t, j));
      else map.put(MapSchedule.key(t, j), v);
      map.put(MapSchedule.counterKey(t), Long.toString(j));
      done.set(t, j);
    }
  }

  private static void acknowledge(AtomicLongArray done) throws InterruptedException {
    long[] d = new long[done.length()];
    long acked = -1;
    while (true) {
      for (int t = 0; t < d.length; t++) d[t] = done.get(t);
      long w = MapSchedule.watermark(d);
      if (acked < 0) acked = w; // everything up to here was acknowledged before, or is new
      else if (w > acked) {
        KillChild.ack(w);
        acked = w;
      }
      Thread.sleep(1);
    }
  }
}

package org.jnvm.jpdt.kill;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CountDownLatch;
import java.util.function.BiFunction;
import org.jnvm.core.heap.Heap;
import org.jnvm.core.heap.PObject;
import org.jnvm.core.heap.VerifyReport;
import org.jnvm.emulation.kill.KillChecker;
import org.jnvm.jpdt.PTypes;
import org.jnvm.jpdt.collection.PConcurrentHashMap;
import org.jnvm.jpdt.collection.PSkipListMap;
import org.jnvm.jpdt.collection.StorageStats;
import org.jnvm.jpfa.FA;

/**
 * The parent's check after each kill of {@link BlockMapWorkload}: the heap recovers and verifies;
 * every writer's counter covers what was acknowledged and its data is exactly as after its
 * counter's blocks (a block is whole or absent: no "one more" as without blocks); each shared key
 * names a block its writer committed; no key is foreign; the heap holds exactly the map's objects
 * beyond a fixed baseline (no rolled-back block left anything).
 */
final class BlockMapChecker implements KillChecker {
  private static final int WRITER_LOGS = 2;

  private final int writers;
  private final long baseline;
  private int kills;

  BlockMapChecker(int writers, long baseline) {
    this.writers = writers;
    this.baseline = baseline;
  }

  /** Makes a map of each kind: {@code PConcurrentHashMap} or {@code PSkipListMap}. */
  static BiFunction<Heap, String, Map<String, String>> maker() {
    return (h, kind) ->
        kind.equals("hash")
            ? new PConcurrentHashMap<>(h, PTypes.strings(), PTypes.strings(), 31)
            : new PSkipListMap<>(h, PTypes.strings(), PTypes.strings());
  }

  /** Creates the heap with an empty map of {@code kind}; returns the live objects outside it. */
  static long prepare(Path path, long size, String kind) {
    try (Heap h = Heap.create(path, size)) {
      Map<String, String> m = maker().apply(h, kind);
      h.roots().put(BlockMapWorkload.ROOT, (PObject) m);
      m.put("warm-up", "registers the classes");
      m.remove("warm-up");
      logs(h);
    }
    try (Heap h = Heap.open(path)) {
      return h.recoveryReport().liveObjects() - objects(h.roots().get(BlockMapWorkload.ROOT));
    }
  }

  /**
   * Makes the heap's two block logs exist (two blocks at once), as the child's two writers will:
   * they are part of the baseline.
   */
  private static void logs(Heap h) {
    CountDownLatch both = new CountDownLatch(WRITER_LOGS);
    List<Thread> ts = new ArrayList<>();
    for (int i = 0; i < WRITER_LOGS; i++) {
      Thread t = new Thread(() -> bothInBlocks(h, both));
      t.start();
      ts.add(t);
    }
    for (Thread t : ts) {
      try {
        t.join();
      } catch (InterruptedException e) {
        throw new IllegalStateException(e);
      }
    }
  }

  private static void bothInBlocks(Heap h, CountDownLatch both) {
    try {
      FA.run(
          h,
          () -> {
            both.countDown();
            both.await();
          });
    } catch (InterruptedException e) {
      throw new IllegalStateException(e);
    }
  }

  private static long objects(PObject m) {
    StorageStats s =
        m instanceof PConcurrentHashMap<?, ?> c
            ? c.storageStats()
            : ((PSkipListMap<?, ?>) m).storageStats();
    return s.structureObjects() + 2 * s.entries();
  }

  @Override
  public void check(Path path, long lastAck) {
    kills++;
    try (Heap heap = Heap.open(path)) {
      VerifyReport v = heap.verify();
      assertTrue(v.ok(), v.toString());
      PObject root = heap.roots().get(BlockMapWorkload.ROOT);
      assertNotNull(root, "root " + BlockMapWorkload.ROOT);
      @SuppressWarnings("unchecked")
      Map<String, String> m = (Map<String, String>) root;
      long[] counters = new long[writers];
      int keys = 0;
      for (int t = 0; t < writers; t++) {
        counters[t] = checkWriter(m, t, lastAck);
        keys += MapWorkload.data(m, t).size() + (counters[t] == 0 ? 0 : 1);
      }
      keys += checkShared(m, counters);
      assertEquals(keys, m.size(), "no foreign keys: " + new TreeMap<>(m).keySet());
      assertEquals(baseline + objects(root), heap.recoveryReport().liveObjects(), "exact objects");
    }
  }

  private long checkWriter(Map<String, String> m, int t, long lastAck) {
    String ctr = m.get(MapSchedule.counterKey(t));
    long c = ctr == null ? 0 : Long.parseLong(ctr);
    long required = MapSchedule.required(t, writers, lastAck);
    String state = " writer=" + t + " counter=" + c + " lastAck=" + lastAck;
    assertTrue(c >= required, "acknowledged blocks lost: required=" + required + state);
    assertEquals(MapSchedule.expected(t, c), MapWorkload.data(m, t), "data" + state);
    return c;
  }

  /** Each shared key names a committed block of its writer; returns how many there are. */
  private int checkShared(Map<String, String> m, long[] counters) {
    int n = 0;
    for (int i = 0; i < BlockMapWorkload.SHARED; i++) {
      String v = m.get("s/" + i);
      if (v == null) continue;
      n++;
      String[] f = v.split("/");
      int t = Integer.parseInt(f[0]);
      long j = Long.parseLong(f[1]);
      assertTrue(j % BlockMapWorkload.SHARED == i && j <= counters[t], "s/" + i + " = " + v);
    }
    return n;
  }

  String outcomes() {
    return kills + " kills";
  }
}

package org.jnvm.jpdt.kill;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.nio.file.Path;
import java.util.Map;
import org.jnvm.core.heap.Heap;
import org.jnvm.core.heap.VerifyReport;
import org.jnvm.emulation.kill.KillChecker;
import org.jnvm.jpdt.PTypes;
import org.jnvm.jpdt.collection.PConcurrentHashMap;
import org.jnvm.jpdt.collection.StorageStats;

/**
 * The parent's check after each kill: the heap recovers and verifies; for every writer, the
 * operations the acknowledgements cover are there, its data is exactly as after its counter's
 * number of operations (or one more), and no key is foreign; the heap holds exactly the map's
 * objects beyond a fixed baseline (nothing leaked, nothing stale).
 */
final class MapChecker implements KillChecker {
  private final int writers;
  private final long baseline;
  private int kills;
  private int inFlightSeen;

  MapChecker(int writers, long baseline) {
    this.writers = writers;
    this.baseline = baseline;
  }

  /**
   * Creates the heap with an empty map, whose first insertion and removal have registered every
   * class the workload uses; returns the live objects outside the map.
   */
  static long prepare(Path path, long size) {
    try (Heap h = Heap.create(path, size)) {
      PConcurrentHashMap<String, String> m =
          new PConcurrentHashMap<>(h, PTypes.strings(), PTypes.strings(), 31);
      h.roots().put(MapWorkload.ROOT, m);
      m.put("warm-up", "registers the classes");
      m.remove("warm-up");
    }
    try (Heap h = Heap.open(path)) {
      return h.recoveryReport().liveObjects() - objects(h.roots().get(MapWorkload.ROOT));
    }
  }

  private static long objects(PConcurrentHashMap<?, ?> m) {
    StorageStats s = m.storageStats();
    return s.structureObjects() + 2 * s.entries();
  }

  @Override
  public void check(Path path, long lastAck) {
    kills++;
    try (Heap heap = Heap.open(path)) {
      VerifyReport v = heap.verify();
      assertTrue(v.ok(), v.toString());
      PConcurrentHashMap<String, String> m = heap.roots().get(MapWorkload.ROOT);
      assertNotNull(m, "root " + MapWorkload.ROOT);
      int keys = 0;
      for (int t = 0; t < writers; t++) keys += checkWriter(m, t, lastAck);
      assertEquals(keys, m.size(), "no foreign keys: " + m.keySet());
      assertEquals(
          baseline + objects(m), heap.recoveryReport().liveObjects(), m.storageStats().toString());
    }
  }

  /** Checks writer {@code t}; returns how many keys it has (counter included). */
  private int checkWriter(PConcurrentHashMap<String, String> m, int t, long lastAck) {
    String ctr = m.get(MapSchedule.counterKey(t));
    long c = ctr == null ? 0 : Long.parseLong(ctr);
    long required = MapSchedule.required(t, writers, lastAck);
    String state = " writer=" + t + " counter=" + c + " lastAck=" + lastAck;
    assertTrue(c >= required, "acknowledged operations lost: required=" + required + state);
    Map<String, String> data = MapWorkload.data(m, t);
    if (!data.equals(MapSchedule.expected(t, c))) {
      if (!data.equals(MapSchedule.expected(t, c + 1))) {
        fail("data is neither after operation " + c + " nor " + (c + 1) + ": " + data + state);
      }
      inFlightSeen++;
    }
    return data.size() + (ctr == null ? 0 : 1);
  }

  String outcomes() {
    return String.format(
        "%d kills; %d writer states showed a data operation durable before its counter",
        kills, inFlightSeen);
  }
}

package org.jnvm.emulation.kill;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.jnvm.core.heap.Heap;
import org.jnvm.core.heap.Node;
import org.jnvm.core.heap.RecoveryReport;
import org.jnvm.core.heap.VerifyReport;

/**
 * The parent's check after each kill: the heap recovers and verifies, every acknowledged operation
 * is in the list, at most the one in flight beyond it, and recovery's report matches the list.
 */
final class ListChecker implements KillChecker {
  private final long baseline;
  private int kills;

  /** How the kills fell: nothing in flight, list changed but counter not, counter ahead. */
  private int clean;

  private int listAhead;
  private int counterAhead;
  private int reclaimedSome;

  /**
   * @param baseline live objects of the heap when the list is empty (sentinel included)
   */
  ListChecker(long baseline) {
    this(baseline, false);
  }

  /**
   * @param deferredFrees the child frees while a background mark runs: such frees wait for its
   *     sweep, so a kill before it leaves every node removed meanwhile for recovery to reclaim, not
   *     only the one in flight
   */
  ListChecker(long baseline, boolean deferredFrees) {
    this.baseline = baseline;
    this.deferredFrees = deferredFrees;
  }

  private final boolean deferredFrees;

  /** Creates the heap with an empty list; returns its live objects once recovered (baseline). */
  static long prepare(Path path, long size) {
    try (Heap h = Heap.create(path, size)) {
      KillList.create(h);
    }
    try (Heap h = Heap.open(path)) {
      return h.recoveryReport().liveObjects();
    }
  }

  @Override
  public void check(Path path, long lastAck) {
    kills++;
    try (Heap heap = Heap.open(path)) {
      VerifyReport v = heap.verify();
      assertTrue(v.ok(), v.toString());
      Node sentinel = heap.roots().get(KillList.ROOT);
      assertNotNull(sentinel, "root " + KillList.ROOT);
      List<Long> values = values(sentinel);
      checkContent(sentinel.value(), values, lastAck);
      checkReport(heap.recoveryReport(), v, values.size());
    }
  }

  /** Counter c is lastAck or lastAck + 1; the list is after c operations, or c + 1 if c = A. */
  private void checkContent(long counter, List<Long> values, long lastAck) {
    List<Long> acked = ListSchedule.expected(lastAck);
    List<Long> inFlight = ListSchedule.expected(lastAck + 1);
    String state = " counter=" + counter + " lastAck=" + lastAck + " list=" + values;
    if (counter == lastAck) {
      if (values.equals(acked)) clean++;
      else if (values.equals(inFlight)) listAhead++;
      else
        fail("list lost or invented an operation: expected " + acked + " or " + inFlight + state);
    } else if (counter == lastAck + 1) {
      assertEquals(inFlight, values, "counter ahead by one, list must include it:" + state);
      counterAhead++;
    } else {
      fail("counter must be lastAck or lastAck + 1:" + state);
    }
  }

  /**
   * Live objects are exactly the baseline plus the list's nodes, as the verifier counts them; each
   * kill can leave at most one unreachable node (the one in flight), reclaimed at recovery.
   */
  private void checkReport(RecoveryReport r, VerifyReport v, int nodes) {
    String report = r.toString();
    assertEquals(baseline + nodes, r.liveObjects(), report);
    assertEquals(v.reachable(), r.liveObjects(), report);
    assertTrue(
        r.reclaimed() >= 0 && (deferredFrees || r.reclaimed() <= kills),
        report + " kills=" + kills);
    if (r.reclaimed() > 0) reclaimedSome++;
    assertTrue(r.freeChunks() >= 0 && r.freeChunks() < r.chunks(), report);
    assertTrue(r.totalNanos() > 0, report);
  }

  private static List<Long> values(Node sentinel) {
    List<Long> values = new ArrayList<>();
    int hops = 0;
    for (Node n = sentinel.next(); n != null; n = n.next()) {
      assertTrue(++hops <= 2 * ListSchedule.BLOCK + 1, "list too long or cyclic: " + values);
      values.add(n.value());
    }
    return values;
  }

  /** The distribution of kill outcomes, for the test's log. */
  String outcomes() {
    return String.format(
        "%d kills: %d with nothing in flight, %d with the list changed and the counter not, %d"
            + " with the counter ahead of the last ACK; %d recoveries reclaimed unreachable nodes",
        kills, clean, listAhead, counterAhead, reclaimedSome);
  }
}

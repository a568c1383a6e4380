package org.jnvm.jpdt.kill;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.jnvm.core.heap.Heap;
import org.jnvm.core.heap.HeapCheck;
import org.jnvm.core.heap.TestHeaps;
import org.jnvm.emulation.kill.KillChecker;
import org.jnvm.emulation.kill.KillHarness;
import org.jnvm.emulation.kill.KillStats;
import org.jnvm.jpdt.collection.PHashMap;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The jpdt-in-blocks scenario under SIGKILL: failure-atomic transfers between accounts held in a
 * J-PDT map, each appending to a J-PDT history list and, every fourth, opening an account in the
 * map ({@link BankWorkload}). After each kill: the sum of balances is constant, the history holds
 * exactly the committed transfers in order (the acknowledged ones and at most the one in flight),
 * the map holds exactly the accounts those transfers opened, and the heap checks clean (the checks
 * of {@code bin/jnvm check}).
 */
class BankKillTest {
  @Test
  void bankSurvivesKills() throws Exception {
    run(6, 0xBA4C_0001L);
  }

  @Tag("crash-long")
  @Test
  void bankSurvivesTwentyFourKills() throws Exception {
    run(24, 0xBA4C_0002L);
  }

  private static void run(int rounds, long seed) throws Exception {
    try (TestHeaps heaps = new TestHeaps()) {
      Path path = heaps.path("kill-bank");
      try (Heap h = Heap.create(path, 64 << 20)) {
        BankWorkload.create(h);
      }
      Checker checker = new Checker();
      KillStats stats =
          KillHarness.builder(BankWorkload.class)
              .heap(path)
              .jvmArgs("-XX:+UseSerialGC", "-Xmx128m")
              .rounds(rounds)
              .seed(seed)
              .minDelayMillis(200)
              .maxDelayMillis(700)
              .checker(checker)
              .progress(System.out::println)
              .run();
      System.out.println("[kill] " + stats);
      System.out.println("[kill] " + checker);
      assertEquals(rounds, stats.rounds());
      assertTrue(stats.minAcksPerRound() >= 1, stats.toString());
    }
  }

  private static final class Checker implements KillChecker {
    int inFlight;
    long transfers;

    @Override
    public void check(Path path, long lastAck) {
      java.util.Objects.requireNonNull(BankAccount.TYPE);
      try (Heap heap = Heap.open(path)) {
        PHashMap<String, BankAccount> accounts = heap.roots().get("accounts");
        List<String> history = heap.roots().get("history");
        int n = history.size();
        assertTrue(n == lastAck || n == lastAck + 1, "history " + n + " acked " + lastAck);
        if (n > lastAck) inFlight++;
        for (int i = 0; i < n; i++) assertEquals("t" + (i + 1), history.get(i));
        long sum = 0;
        for (BankAccount a : accounts.values()) sum += a.balance();
        assertEquals(BankWorkload.ACCOUNTS * BankWorkload.INITIAL, sum, "money is conserved");
        assertEquals(BankWorkload.ACCOUNTS + n / 4, accounts.size(), "accounts opened");
        for (int t = 4; t <= n; t += 4) assertTrue(accounts.containsKey("new" + t), "new" + t);
        transfers = n;
        HeapCheck.Result r = HeapCheck.checkOpen(heap);
        assertTrue(r.ok(), r.toString());
      }
    }

    @Override
    public String toString() {
      return transfers + " transfers committed, " + inFlight + " kills with one in flight";
    }
  }
}

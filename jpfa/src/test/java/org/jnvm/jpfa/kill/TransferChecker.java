package org.jnvm.jpfa.kill;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.jnvm.core.heap.Heap;
import org.jnvm.core.heap.RecoveryReport;
import org.jnvm.core.heap.VerifyReport;
import org.jnvm.emulation.kill.KillChecker;
import org.jnvm.jpfa.Bank;
import org.jnvm.jpfa.LogProbe;

/**
 * The parent's check after each kill: the heap recovers (replaying the logs) and verifies; the
 * total balance is what it was at the start; every acknowledged transfer is there and at most one
 * more per thread; the accounts' counts agree with the tellers'; each history is as long as it
 * should be and the live objects are exactly the bank, the tellers and their histories.
 */
final class TransferChecker implements KillChecker {
  private final int threads;
  private final long total;
  private final long baseline;
  private int kills;
  private int replays;

  private TransferChecker(int threads, long total, long baseline) {
    this.threads = threads;
    this.total = total;
    this.baseline = baseline;
  }

  /** Creates the heap; the baseline is its live objects once reopened, before any transfer. */
  static TransferChecker prepare(Path path, long size, int accounts, int threads) {
    long total;
    try (Heap h = Heap.create(path, size)) {
      Teller.prepare(h, accounts, threads);
      total = Bank.open(h).total();
    }
    try (Heap h = Heap.open(path)) {
      return new TransferChecker(threads, total, h.recoveryReport().liveObjects());
    }
  }

  @Override
  public void check(Path path, long lastAck) {
    kills++;
    try (Heap heap = Heap.open(path)) {
      RecoveryReport r = heap.recoveryReport();
      if (!r.participants().isEmpty()) replays++;
      VerifyReport v = heap.verify();
      assertTrue(v.ok(), v.toString());
      Bank bank = Bank.open(heap);
      assertEquals(total, bank.total(), "total balance");
      long transfers = 0;
      long history = 0;
      for (int t = 0; t < threads; t++) {
        long c = Teller.get(heap, t).count();
        int len = Teller.history(Teller.get(heap, t));
        assertEquals(Math.min(c, Teller.KEPT), len, "history of teller " + t);
        transfers += c;
        history += len;
      }
      String state = " transfers=" + transfers + " lastAck=" + lastAck + " " + r;
      assertTrue(transfers >= lastAck, "an acknowledged transfer was lost:" + state);
      assertTrue(
          transfers <= lastAck + threads, "more than one transfer per thread in flight:" + state);
      assertEquals(2 * transfers, bank.accountCountSum(), "each transfer counted on two accounts");
      long logs = LogProbe.liveObjects(heap);
      assertEquals(baseline + history + logs, r.liveObjects(), "bank, tellers, histories, logs");
    }
  }

  String outcomes() {
    return kills + " kills, " + replays + " recoveries replayed a log";
  }
}

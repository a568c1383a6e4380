package org.jnvm.tpcb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The check's verdicts on small banks built by hand. */
class ConsistencyTest {
  private static final BankShape SHAPE = new BankShape(1, 3);

  @Test
  void aConsistentBankPasses() {
    Map<String, Object> bank = bank();
    apply(bank, 7, new History(1, 2, 0, 50));
    apply(bank, 9, new History(2, 2, 0, -20));
    Consistency.Outcome o = Consistency.check(SHAPE, bank.entrySet(), new long[] {7, 9});
    assertTrue(o.ok(), o.shown().toString());
    assertEquals(2, o.historyRecords());
  }

  @Test
  void aHalfAppliedTransferIsCaught() {
    Map<String, Object> bank = bank();
    apply(bank, 7, new History(1, 2, 0, 50));
    bank.put(BankShape.account(2), 30L); // the account of a transfer whose history is missing
    Consistency.Outcome o = Consistency.check(SHAPE, bank.entrySet(), new long[] {7});
    assertFalse(o.ok());
    assertTrue(
        o.shown().stream().anyMatch(v -> v.contains("account 2 partly applied")),
        o.shown().toString());
  }

  @Test
  void aLostAcknowledgedTransactionIsCaught() {
    Map<String, Object> bank = bank();
    apply(bank, 7, new History(1, 2, 0, 50));
    Consistency.Outcome o = Consistency.check(SHAPE, bank.entrySet(), new long[] {7, 8});
    assertEquals(1, o.violations());
    assertTrue(o.shown().get(0).contains("txid=8"), o.shown().toString());
  }

  @Test
  void anIncompleteLoadIsCaught() {
    Map<String, Object> bank = bank();
    bank.remove(BankShape.META);
    bank.remove(BankShape.teller(4));
    Consistency.Outcome o = Consistency.check(SHAPE, bank.entrySet(), new long[0]);
    assertEquals(2, o.violations(), o.shown().toString());
  }

  private static Map<String, Object> bank() {
    Map<String, Object> m = new LinkedHashMap<>();
    for (int i = 0; i < SHAPE.branches(); i++) m.put(BankShape.branch(i), 0L);
    for (int i = 0; i < SHAPE.tellers(); i++) m.put(BankShape.teller(i), 0L);
    for (int i = 0; i < SHAPE.accounts(); i++) m.put(BankShape.account(i), 0L);
    m.put(BankShape.META, SHAPE.describe());
    return m;
  }

  private static void apply(Map<String, Object> bank, long txid, History h) {
    bank.merge(BankShape.account(h.account()), h.delta(), (a, b) -> (Long) a + (Long) b);
    bank.merge(BankShape.teller(h.teller()), h.delta(), (a, b) -> (Long) a + (Long) b);
    bank.merge(BankShape.branch(h.branch()), h.delta(), (a, b) -> (Long) a + (Long) b);
    bank.put(BankShape.history(txid), h.encode());
  }
}

package org.jnvm.tpcb;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * The bank's invariants after a restart:
 *
 * <ol>
 *   <li>the bank is completely loaded (its shape record is there) and every account, teller and
 *       branch has a balance;
 *   <li>no transaction is partly applied: each account's, teller's and branch's balance equals the
 *       sum of the deltas of the history records that name it (balances start at 0), so a history
 *       record without its balance updates, or an update without its record, breaks it;
 *   <li>sum of accounts = sum of tellers = sum of branches = sum of history deltas;
 *   <li>every transaction the client saw commit has its history record.
 * </ol>
 *
 * Every violation is counted; the first {@value #SHOWN} are described.
 */
final class Consistency {
  static final int SHOWN = 20;

  /** What the check found. */
  record Outcome(List<String> shown, long violations, long historyRecords, long acked) {
    boolean ok() {
      return violations == 0;
    }
  }

  private final BankShape shape;
  private final long[] accounts;
  private final long[] tellers;
  private final long[] branches;
  private final long[] accountDeltas;
  private final long[] tellerDeltas;
  private final long[] branchDeltas;
  private final boolean[][] present;
  private long[] historyIds = new long[1024];
  private int historyCount;
  private long historySum;
  private boolean metaFound;
  private final List<String> shown = new ArrayList<>();
  private long violations;

  private Consistency(BankShape shape) {
    this.shape = shape;
    accounts = new long[shape.accounts()];
    tellers = new long[shape.tellers()];
    branches = new long[shape.branches()];
    accountDeltas = new long[shape.accounts()];
    tellerDeltas = new long[shape.tellers()];
    branchDeltas = new long[shape.branches()];
    present =
        new boolean[][] {
          new boolean[shape.accounts()], new boolean[shape.tellers()], new boolean[shape.branches()]
        };
  }

  /** Checks the bank's {@code entries} against {@code acked}, the transactions seen to commit. */
  static Outcome check(BankShape shape, Iterable<Map.Entry<String, Object>> entries, long[] acked) {
    Consistency c = new Consistency(shape);
    for (Map.Entry<String, Object> e : entries) c.accept(e.getKey(), e.getValue());
    c.verify(acked);
    return new Outcome(List.copyOf(c.shown), c.violations, c.historyCount, acked.length);
  }

  private void accept(String key, Object value) {
    if (key.equals(BankShape.META)) {
      metaFound = true;
      if (!shape.describe().equals(value))
        violation("bank shape " + value + " != " + shape.describe());
      return;
    }
    try {
      switch (key.charAt(0)) {
        case 'a' -> balance(accounts, 0, key, value);
        case 't' -> balance(tellers, 1, key, value);
        case 'b' -> balance(branches, 2, key, value);
        case 'h' -> history(key, value);
        default -> violation("unexpected key " + key);
      }
    } catch (RuntimeException e) {
      violation(e.getMessage());
    }
  }

  private void balance(long[] into, int kind, String key, Object value) {
    int i = Integer.parseInt(key.substring(1));
    if (i < 0 || i >= into.length || !(value instanceof Long v)) {
      violation("bad balance record: key=" + key + " value=" + value);
      return;
    }
    into[i] = v;
    present[kind][i] = true;
  }

  private void history(String key, Object value) {
    History h = History.decode(key, value);
    if (h.account() >= accounts.length
        || h.teller() >= tellers.length
        || h.branch() >= branches.length
        || h.account() < 0
        || h.teller() < 0
        || h.branch() < 0) {
      violation("history record out of the bank: key=" + key + " value=" + value);
      return;
    }
    accountDeltas[h.account()] += h.delta();
    tellerDeltas[h.teller()] += h.delta();
    branchDeltas[h.branch()] += h.delta();
    historySum += h.delta();
    if (historyCount == historyIds.length) historyIds = Arrays.copyOf(historyIds, historyCount * 2);
    historyIds[historyCount++] = Long.parseLong(key.substring(1));
  }

  private void verify(long[] acked) {
    if (!metaFound) violation("the bank is not loaded (no " + BankShape.META + " record)");
    String[] kinds = {"account", "teller", "branch"};
    long[][] balances = {accounts, tellers, branches};
    long[][] deltas = {accountDeltas, tellerDeltas, branchDeltas};
    for (int k = 0; k < 3; k++) {
      long sum = 0;
      for (int i = 0; i < balances[k].length; i++) {
        sum += balances[k][i];
        if (!present[k][i]) violation(kinds[k] + " " + i + " missing");
        else if (balances[k][i] != deltas[k][i]) {
          violation(
              kinds[k]
                  + " "
                  + i
                  + " partly applied: balance="
                  + balances[k][i]
                  + " history says "
                  + deltas[k][i]);
        }
      }
      if (sum != historySum)
        violation("sum of " + kinds[k] + "s " + sum + " != sum of history " + historySum);
    }
    long[] ids = Arrays.copyOf(historyIds, historyCount);
    Arrays.sort(ids);
    for (long id : acked) {
      if (Arrays.binarySearch(ids, id) < 0) violation("acknowledged transaction lost: txid=" + id);
    }
  }

  private void violation(String what) {
    violations++;
    if (shown.size() < SHOWN) shown.add(what);
  }
}

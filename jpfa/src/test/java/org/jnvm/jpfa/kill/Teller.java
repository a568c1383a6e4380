package org.jnvm.jpfa.kill;

import org.jnvm.core.heap.Heap;
import org.jnvm.jpfa.Account;
import org.jnvm.jpfa.Bank;

/**
 * One worker thread's persistent state in the kill test: an {@link Account} named {@code teller<t>}
 * whose count is the number of transfers the thread committed and whose link starts its history,
 * the records of its last {@value #KEPT} transfers (accounts whose balance is the amount and tag
 * {@code from * 1000 + to}), newest first. Only thread t writes teller t, so it needs no lock.
 */
final class Teller {
  static final int KEPT = 3;

  private Teller() {}

  static String root(int t) {
    return "teller" + t;
  }

  /** Creates the bank and the tellers, durably, outside any block. */
  static void prepare(Heap heap, int accounts, int tellers) {
    Bank.create(heap, accounts);
    for (int t = 0; t < tellers; t++) {
      Account a = new Account(heap, 0);
      a.persist();
      heap.roots().put(root(t), a);
    }
  }

  static Account get(Heap heap, int t) {
    return heap.roots().get(root(t));
  }

  /**
   * Inside the transfer's block: prepends a record (allocated in the block), counts the transfer
   * and frees the record that falls out of the history (freed at commit).
   */
  static void record(Heap heap, Account teller, int from, int to, long amount) {
    Account r = new Account(heap, amount);
    r.tag(from * 1000L + to);
    r.link(teller.link());
    teller.link(r);
    teller.count(teller.count() + 1);
    Account last = r;
    for (int k = 1; k < KEPT && last.link() != null; k++) last = last.link();
    Account dropped = last.link();
    if (dropped != null) {
      last.link(null);
      heap.free(dropped);
    }
  }

  /** The length of a teller's history. */
  static int history(Account teller) {
    int n = 0;
    for (Account r = teller.link(); r != null; r = r.link()) {
      if (++n > KEPT) throw new IllegalStateException("history longer than " + KEPT);
    }
    return n;
  }
}

package org.jnvm.jpfa;

import java.util.SplittableRandom;

/**
 * TPC-B-like transfers between the accounts of a {@link Bank}: each moves a random amount between
 * two random accounts in one block, counting itself on both, under both accounts' locks. About one
 * in eight throws after debiting, so its block aborts.
 */
final class Transfers {
  private final Bank bank;
  private final AccountLocks locks;

  Transfers(Bank bank, AccountLocks locks) {
    this.bank = bank;
    this.locks = locks;
  }

  /** Runs {@code n} transfers; returns how many committed. */
  long run(SplittableRandom rnd, int n) {
    long committed = 0;
    for (int k = 0; k < n; k++) {
      int i = rnd.nextInt(bank.accounts.length);
      int j = (i + 1 + rnd.nextInt(bank.accounts.length - 1)) % bank.accounts.length;
      long amount = 1 + rnd.nextInt(50);
      boolean abort = rnd.nextInt(8) == 0;
      try {
        locks.withBoth(i, j, () -> FA.run(bank.heap, () -> transfer(i, j, amount, abort)));
        committed++;
      } catch (IllegalStateException expected) {
        if (!abort) throw expected;
      }
    }
    return committed;
  }

  /** The block: debit, (maybe fail), credit, count on both accounts. */
  void transfer(int i, int j, long amount, boolean abort) {
    Account from = bank.get(i);
    Account to = bank.get(j);
    from.balance(from.balance() - amount);
    if (abort) throw new IllegalStateException("transfer refused after the debit");
    to.balance(to.balance() + amount);
    from.count(from.count() + 1);
    to.count(to.count() + 1);
  }
}

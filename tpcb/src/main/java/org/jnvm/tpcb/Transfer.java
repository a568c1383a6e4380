package org.jnvm.tpcb;

import jakarta.transaction.Status;
import jakarta.transaction.TransactionManager;
import java.util.SplittableRandom;
import org.infinispan.AdvancedCache;
import org.infinispan.context.Flag;

/**
 * One TPC-B transaction: add a random delta to an account, its teller and the teller's branch, and
 * append a history record, as one Infinispan transaction with pessimistic locks.
 *
 * <p>Locks are taken in a fixed order of kinds (account, teller, branch; the history key is new),
 * and each transaction locks one key of each kind, so two transactions never wait for each other in
 * a cycle: no deadlock, only waits on the hot branch and tellers, as TPC-B intends.
 */
final class Transfer {
  /** TPC-B: the account belongs to the teller's branch 85% of the time. */
  private static final int LOCAL_PERCENT = 85;

  private static final long MAX_DELTA = 999_999;

  private final AdvancedCache<String, Object> locking;
  private final AdvancedCache<String, Object> writing;
  private final TransactionManager tm;
  private final BankShape shape;

  Transfer(BankCache bank, BankShape shape) {
    this.locking = bank.cache().withFlags(Flag.FORCE_WRITE_LOCK);
    this.writing = bank.cache().withFlags(Flag.IGNORE_RETURN_VALUES);
    this.tm = bank.transactions();
    this.shape = shape;
  }

  /** A random transaction, as TPC-B draws it. */
  History draw(SplittableRandom rnd) {
    int teller = rnd.nextInt(shape.tellers());
    int branch = teller / BankShape.TELLERS_PER_BRANCH;
    int accountBranch =
        shape.branches() == 1 || rnd.nextInt(100) < LOCAL_PERCENT
            ? branch
            : rnd.nextInt(shape.branches());
    int account =
        accountBranch * shape.accountsPerBranch() + rnd.nextInt(shape.accountsPerBranch());
    long delta = rnd.nextLong(-MAX_DELTA, MAX_DELTA + 1);
    return new History(account, teller, branch, delta);
  }

  /**
   * Runs {@code h} as transaction {@code txid}; returns normally only once it committed.
   *
   * @throws Exception if it did not commit (it is then rolled back)
   */
  void run(long txid, History h) throws Exception {
    tm.begin();
    try {
      add(BankShape.account(h.account()), h.delta());
      add(BankShape.teller(h.teller()), h.delta());
      add(BankShape.branch(h.branch()), h.delta());
      writing.put(BankShape.history(txid), h.encode());
    } catch (Exception | Error e) {
      rollbackQuietly();
      throw e;
    }
    tm.commit();
  }

  private void add(String key, long delta) {
    Object v = locking.get(key);
    if (!(v instanceof Long balance)) {
      throw new IllegalStateException(
          "bank record missing or not a balance: key=" + key + " value=" + v);
    }
    writing.put(key, balance + delta);
  }

  private void rollbackQuietly() {
    try {
      if (tm.getStatus() != Status.STATUS_NO_TRANSACTION) tm.rollback();
    } catch (Exception ignored) {
      // the transaction is already gone; the caller reports the first failure
    }
  }
}

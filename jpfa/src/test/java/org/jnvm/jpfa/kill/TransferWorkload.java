package org.jnvm.jpfa.kill;

import java.nio.file.Path;
import java.util.SplittableRandom;
import org.jnvm.core.heap.Heap;
import org.jnvm.emulation.kill.KillChild;
import org.jnvm.jpfa.Account;
import org.jnvm.jpfa.AccountLocks;
import org.jnvm.jpfa.Bank;
import org.jnvm.jpfa.FA;

/**
 * The kill test's child: opens (so recovers) the heap, then runs TPC-B-like transfers on several
 * threads until it is killed. Each transfer is one failure-atomic block under both accounts' locks:
 * debit, credit, count on both accounts, record in the thread's teller history (allocate, and free
 * the oldest record). Acknowledgements number the transfers of the whole run: the first child
 * starts after the committed transfers it recovers, and each ACK follows a block's return.
 *
 * <p>Arguments: heap path, threads.
 */
public final class TransferWorkload {
  private static final Object ACKS = new Object();
  private static long acked;

  private TransferWorkload() {}

  public static void main(String[] args) throws InterruptedException {
    KillChild.begin();
    int threads = Integer.parseInt(args[1]);
    Heap heap = Heap.open(Path.of(args[0]));
    Bank bank = Bank.open(heap);
    AccountLocks locks = new AccountLocks(bank.accounts.length);
    long base = 0;
    for (int t = 0; t < threads; t++) base += Teller.get(heap, t).count();
    acked = base;
    System.out.println("recovered: " + heap.recoveryReport());
    Thread[] workers = new Thread[threads];
    for (int t = 0; t < threads; t++) {
      int me = t;
      long seed = base * 31 + t;
      workers[t] = new Thread(() -> work(heap, bank, locks, me, seed), "teller-" + t);
      workers[t].start();
    }
    for (Thread w : workers) w.join(); // never: the harness kills this JVM
  }

  private static void work(Heap heap, Bank bank, AccountLocks locks, int t, long seed) {
    SplittableRandom rnd = new SplittableRandom(seed);
    Account teller = Teller.get(heap, t);
    int n = bank.accounts.length;
    while (true) {
      int i = rnd.nextInt(n);
      int j = (i + 1 + rnd.nextInt(n - 1)) % n;
      long amount = 1 + rnd.nextInt(100);
      locks.withBoth(
          i,
          j,
          () ->
              FA.run(
                  heap,
                  () -> {
                    Account from = bank.get(i);
                    Account to = bank.get(j);
                    from.balance(from.balance() - amount);
                    to.balance(to.balance() + amount);
                    from.count(from.count() + 1);
                    to.count(to.count() + 1);
                    Teller.record(heap, teller, i, j, amount);
                  }));
      synchronized (ACKS) {
        KillChild.ack(++acked);
      }
    }
  }
}

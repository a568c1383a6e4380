package org.jnvm.jpdt.kill;

import static org.jnvm.jpdt.PTypes.strings;

import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.Random;
import org.jnvm.core.heap.Heap;
import org.jnvm.emulation.kill.KillChild;
import org.jnvm.jpdt.PTypes;
import org.jnvm.jpdt.collection.PArrayList;
import org.jnvm.jpdt.collection.PHashMap;
import org.jnvm.jpfa.FA;

/**
 * The bank kill test's child: accounts in a J-PDT map, a J-PDT history list, and failure-atomic
 * transfers that move money between two accounts and append to the history in one block; transfer
 * {@code n} is acknowledged once its block returned. Every fourth transfer also opens a new account
 * in the map, funded from another, in the same block.
 */
public final class BankWorkload {
  static final int ACCOUNTS = 16;
  static final long INITIAL = 1000;

  private BankWorkload() {}

  /** Creates the bank: the accounts, an empty history. */
  static void create(Heap heap) {
    PHashMap<String, BankAccount> accounts =
        new PHashMap<>(heap, strings(), PTypes.objects(BankAccount.class));
    for (int i = 0; i < ACCOUNTS; i++) accounts.put("acc" + i, new BankAccount(heap, INITIAL));
    heap.roots().put("accounts", accounts);
    heap.roots().put("history", new PArrayList<String>(heap, strings()));
  }

  public static void main(String[] args) {
    Objects.requireNonNull(BankAccount.TYPE); // catalogued before a value is resurrected
    KillChild.begin();
    try (Heap heap = Heap.open(Path.of(args[0]))) {
      PHashMap<String, BankAccount> accounts = heap.roots().get("accounts");
      List<String> history = heap.roots().get("history");
      Random r = new Random(history.size());
      for (long n = history.size() + 1; ; n++) {
        long t = n;
        List<String> names = List.copyOf(accounts.keySet());
        BankAccount from = accounts.get(names.get(r.nextInt(names.size())));
        BankAccount to = accounts.get(names.get(r.nextInt(names.size())));
        long amount = 1 + r.nextInt(50);
        FA.run(
            heap,
            () -> {
              from.balance(from.balance() - amount);
              to.balance(to.balance() + amount);
              if (t % 4 == 0) {
                from.balance(from.balance() - 10);
                accounts.put("new" + t, new BankAccount(heap, 10));
              }
              history.add("t" + t);
            });
        KillChild.ack(n);
      }
    }
  }
}

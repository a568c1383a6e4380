package com.example.bank;

import java.util.Map;
import org.jnvm.core.heap.Heap;
import org.jnvm.jpdt.PTypes;
import org.jnvm.jpdt.collection.PHashMap;

/** A heap holding one J-PDT map of accounts by owner, as a root. */
public final class Bank implements AutoCloseable {
  private final Heap heap;
  private final Map<String, Account> accounts;

  private Bank(Heap heap, Map<String, Account> accounts) {
    this.heap = heap;
    this.accounts = accounts;
  }

  /** Opens (recovering) or creates the bank's heap at {@code file}. */
  public static Bank open(java.nio.file.Path file) {
    Heap h = Heap.openOrCreate(file, 16 << 20);
    PHashMap<String, Account> m = h.roots().get("accounts");
    if (m == null) {
      m = new PHashMap<>(h, PTypes.strings(), PTypes.objects(Account.class));
      h.roots().put("accounts", m);
    }
    return new Bank(h, m);
  }

  public Account open(String owner, long balance) {
    Account a = new Account(heap, owner, balance);
    accounts.put(owner, a);
    return a;
  }

  public Account get(String owner) {
    return accounts.get(owner);
  }

  public long total() {
    long t = 0;
    for (Account a : accounts.values()) t += a.balance();
    return t;
  }

  @Override
  public void close() {
    heap.close();
  }
}

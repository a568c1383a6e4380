package org.jnvm.jpfa;

import java.util.ArrayList;
import java.util.List;
import org.jnvm.core.heap.Heap;

/**
 * Test fixture: accounts named by roots {@code acct0..acct(n-1)}, created durably outside any
 * block, and a readable summary of their state for crash checks.
 */
public final class Bank {
  public final Heap heap;
  public final Account[] accounts;

  private Bank(Heap heap, Account[] accounts) {
    this.heap = heap;
    this.accounts = accounts;
  }

  /** Creates {@code n} accounts with balances 100, 200, ... (low-level: persisted, then named). */
  public static Bank create(Heap heap, int n) {
    Account[] a = new Account[n];
    for (int i = 0; i < n; i++) {
      a[i] = new Account(heap, 100L * (i + 1));
      a[i].persist();
      heap.roots().put("acct" + i, a[i]);
    }
    return new Bank(heap, a);
  }

  /** The accounts of a (recovered) heap. */
  public static Bank open(Heap heap) {
    List<Account> a = new ArrayList<>();
    for (int i = 0; heap.roots().exists("acct" + i); i++) a.add(heap.roots().get("acct" + i));
    return new Bank(heap, a.toArray(new Account[0]));
  }

  public Account get(int i) {
    return accounts[i];
  }

  public long total() {
    long t = 0;
    for (Account a : accounts) t += a.balance();
    return t;
  }

  /** The sum of the accounts' counts. */
  public long accountCountSum() {
    long t = 0;
    for (Account a : accounts) t += a.count();
    return t;
  }

  /** Every account as {@code balance/count/tag/link}, the link as the linked account's balance. */
  String describe() {
    StringBuilder s = new StringBuilder();
    for (Account a : accounts) {
      Account l = a.link();
      s.append(a.balance())
          .append('/')
          .append(a.count())
          .append('/')
          .append(a.tag())
          .append('/')
          .append(l == null ? "-" : Long.toString(l.balance()))
          .append(' ');
    }
    return s.toString().trim();
  }
}

package com.example.bank;

import org.jnvm.core.annotation.Persistent;
import org.jnvm.core.heap.Heap;

/** An account: its owner and balance live in persistent memory; transfers are failure-atomic. */
@Persistent(fa = "non-private")
public class Account {
  String owner;
  long balance;

  /** A new account in {@code heap} (a heap first parameter: the generator allocates there). */
  public Account(Heap heap, String owner, long balance) {
    this.owner = owner;
    this.balance = balance;
  }

  public String owner() {
    return owner;
  }

  public long balance() {
    return balance;
  }

  /** Moves {@code amount} to {@code to}, all or nothing; refuses an overdraft. */
  public void transfer(Account to, long amount) {
    balance -= amount;
    to.balance += amount;
    if (balance < 0) throw new IllegalStateException("overdraft of " + owner + ": " + balance);
  }
}

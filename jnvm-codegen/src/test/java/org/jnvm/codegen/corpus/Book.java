package org.jnvm.codegen.corpus;

import org.jnvm.codegen.api.Ledger;
import org.jnvm.core.annotation.Persistent;

/** An fa = "non-private" class whose methods update several fields and allocate. */
@Persistent(fa = "non-private")
public class Book implements Ledger {
  long balance;
  long count;
  String memo;
  Entry last;

  public Book(String memo) {
    this.memo = memo;
  }

  @Override
  public void post(long amount, String m) {
    balance += amount;
    count++;
    Entry e = new Entry(amount);
    e.next = last;
    last = e;
    memo = m;
  }

  @Override
  public void postThenFail(long amount, String m) {
    post(amount, m);
    throw new IllegalStateException("refused: " + amount);
  }

  @Override
  public long balance() {
    return balance;
  }

  @Override
  public long count() {
    return count;
  }

  @Override
  public String memo() {
    return memo;
  }

  @Override
  public String entries() {
    StringBuilder b = new StringBuilder();
    for (Entry e = last; e != null; e = e.next)
      b.append(b.length() == 0 ? "" : ",").append(e.amount);
    return b.toString();
  }

  /** A nested persistent class; the outer class reads its fields directly. */
  @Persistent
  static final class Entry {
    final long amount;
    Entry next;

    Entry(long amount) {
      this.amount = amount;
    }
  }
}

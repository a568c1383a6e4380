package org.jnvm.jpfa;

import org.jnvm.core.heap.Heap;
import org.jnvm.core.heap.PObject;
import org.jnvm.core.heap.PersistentClass;

/**
 * A hand-written proxy that uses the jpfa hooks exactly as generated code does: every setter
 * announces its store first. One cache line.
 *
 * <pre>
 *   payload 0         8         16        24       32
 *   +---------+---------+---------+--------+
 *   | balance | count   | link    | tag    |
 *   | long    | long    | ref     | long   |
 *   +---------+---------+---------+--------+
 * </pre>
 */
public final class Account extends PObject {
  static final int BALANCE = 0;
  static final int COUNT = 8;
  static final int LINK = 16;
  static final int TAG = 24;
  static final int SIZE = 32;

  public static final PersistentClass<Account> TYPE =
      PersistentClass.builder(Account.class.getName(), (h, a) -> new Account(h, a, null))
          .fixedSize(SIZE)
          .refs(LINK)
          .layout("balance:long@0 count:long@8 link:ref@16 tag:long@24")
          .build();

  public Account(Heap heap, long balance) {
    super(heap, TYPE);
    balance(balance);
  }

  private Account(Heap heap, long address, Resurrect r) {
    super(heap, address, r);
  }

  public long balance() {
    return getLong(BALANCE);
  }

  public void balance(long v) {
    Hooks.beforeStore(this, BALANCE, 8);
    setLong(BALANCE, v);
  }

  public long count() {
    return getLong(COUNT);
  }

  public void count(long v) {
    Hooks.beforeStore(this, COUNT, 8);
    setLong(COUNT, v);
  }

  public Account link() {
    return getRef(LINK);
  }

  public void link(Account a) {
    Hooks.beforeStore(this, LINK, 8);
    setRef(LINK, a);
  }

  public long tag() {
    return getLong(TAG);
  }

  public void tag(long v) {
    Hooks.beforeStore(this, TAG, 8);
    setLong(TAG, v);
  }
}

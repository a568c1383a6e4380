package org.jnvm.jpdt.kill;

import org.jnvm.core.heap.Heap;
import org.jnvm.core.heap.PObject;
import org.jnvm.core.heap.PersistentClass;
import org.jnvm.jpfa.Hooks;

/**
 * An account as the code generator writes it for {@code @Persistent(fa="non-private")}: each store
 * announced to the block first ({@link Hooks#beforeStore}).
 *
 * <pre>
 *   payload 0           8
 *           +-----------+
 *           | balance   |
 *           +-----------+
 * </pre>
 */
public final class BankAccount extends PObject {
  static final int BALANCE = 0;

  public static final PersistentClass<BankAccount> TYPE =
      PersistentClass.builder(BankAccount.class.getName(), (h, a) -> new BankAccount(h, a, null))
          .fixedSize(8)
          .layout("balance:long@0")
          .build();

  public BankAccount(Heap heap, long balance) {
    super(heap, TYPE);
    setLong(BALANCE, balance);
    persist();
  }

  private BankAccount(Heap heap, long address, Resurrect r) {
    super(heap, address, r);
  }

  public long balance() {
    return getLong(BALANCE);
  }

  public void balance(long v) {
    Hooks.beforeStore(this, BALANCE, 8);
    setLong(BALANCE, v);
  }
}

package org.jnvm.tpcb;

import jakarta.transaction.TransactionManager;
import java.util.HashMap;
import java.util.Map;
import org.infinispan.AdvancedCache;
import org.infinispan.context.Flag;

/**
 * Loads an empty bank: every balance 0, in transactions of {@value #BATCH} records, then the shape
 * under {@link BankShape#META}, last, so that a bank killed while loading is recognised as
 * incomplete and loaded again.
 */
final class Population {
  private static final int BATCH = 1000;

  private Population() {}

  /**
   * Loads the bank if it is not loaded; returns true if it did.
   *
   * @throws IllegalStateException if the cache holds a bank of another shape
   */
  static boolean ensure(BankCache bank, BankShape shape) throws Exception {
    Object meta = bank.cache().get(BankShape.META);
    if (meta != null) {
      if (!shape.describe().equals(meta)) {
        throw new IllegalStateException(
            "the bank on disk has another shape: found=" + meta + " asked=" + shape.describe());
      }
      return false;
    }
    Map<String, Object> batch = new HashMap<>();
    for (int i = 0; i < shape.branches(); i++) add(bank, batch, BankShape.branch(i));
    for (int i = 0; i < shape.tellers(); i++) add(bank, batch, BankShape.teller(i));
    for (int i = 0; i < shape.accounts(); i++) add(bank, batch, BankShape.account(i));
    flush(bank, batch);
    batch.put(BankShape.META, shape.describe());
    flush(bank, batch);
    return true;
  }

  private static void add(BankCache bank, Map<String, Object> batch, String key) throws Exception {
    batch.put(key, 0L);
    if (batch.size() == BATCH) flush(bank, batch);
  }

  private static void flush(BankCache bank, Map<String, Object> batch) throws Exception {
    if (batch.isEmpty()) return;
    TransactionManager tm = bank.transactions();
    AdvancedCache<String, Object> c = bank.cache().withFlags(Flag.IGNORE_RETURN_VALUES);
    tm.begin();
    try {
      c.putAll(batch);
    } catch (RuntimeException e) {
      tm.rollback();
      throw e;
    }
    tm.commit();
    batch.clear();
  }
}

package org.jnvm.infinispan;

import static org.testng.Assert.assertEquals;
import static org.testng.Assert.assertNull;
import static org.testng.Assert.assertTrue;

import jakarta.transaction.TransactionManager;
import java.nio.file.Path;
import org.infinispan.Cache;
import org.infinispan.configuration.cache.Configuration;
import org.infinispan.configuration.cache.ConfigurationBuilder;
import org.infinispan.manager.EmbeddedCacheManager;
import org.infinispan.transaction.LockingMode;
import org.jnvm.infinispan.configuration.JnvmStoreConfigurationBuilder;
import org.testng.annotations.DataProvider;
import org.testng.annotations.Test;

/**
 * A transactional cache over the J-NVM store, as users configure it: pessimistic (Infinispan
 * commits in one phase and hands the store the whole transaction as one batch) and optimistic with
 * the store declared {@code transactional} (two phases: prepare, then commit). Committed
 * transactions of several keys reach the store as one unit (through a commit intent) and survive a
 * restart; rolled-back ones leave nothing.
 */
@Test(groups = "unit")
public class TransactionalCacheTest {
  @DataProvider
  public Object[][] setups() {
    return new Object[][] {
      {StoreMode.JPDT, LockingMode.PESSIMISTIC, false},
      {StoreMode.JPFA, LockingMode.PESSIMISTIC, false},
      {StoreMode.JPDT, LockingMode.OPTIMISTIC, true},
      {StoreMode.JPFA, LockingMode.OPTIMISTIC, true}
    };
  }

  @Test(dataProvider = "setups")
  public void committedTransactionsArriveWholeAndSurviveARestart(
      StoreMode mode, LockingMode locking, boolean storeTransactional) throws Exception {
    Path heap = TestPaths.heap("tx-" + mode + "-" + locking);
    Configuration config = config(heap, mode, locking, storeTransactional);
    try {
      EmbeddedCacheManager cm = Caches.manager(config);
      try {
        Cache<String, String> c = cm.getCache(Caches.NAME);
        TransactionManager tm = c.getAdvancedCache().getTransactionManager();
        c.put("gone", "x");
        tm.begin();
        for (int i = 0; i < 5; i++) c.put("k" + i, "v" + i);
        c.remove("gone");
        tm.commit();
        tm.begin();
        c.put("k0", "rolled back");
        c.put("never", "rolled back");
        tm.rollback();
        assertTrue(Caches.store(c).transactionCommits() >= 1, "the commit went through an intent");
      } finally {
        cm.stop();
      }
      cm = Caches.manager(config);
      try {
        Cache<String, String> c = cm.getCache(Caches.NAME);
        for (int i = 0; i < 5; i++) assertEquals(c.get("k" + i), "v" + i);
        assertNull(c.get("gone"));
        assertNull(c.get("never"));
        assertEquals(c.size(), 5);
      } finally {
        cm.stop();
      }
    } finally {
      TestPaths.delete(heap);
    }
  }

  private static Configuration config(
      Path heap, StoreMode mode, LockingMode locking, boolean storeTransactional) {
    ConfigurationBuilder b = Caches.transactional(locking);
    b.persistence()
        .passivation(false)
        .addStore(JnvmStoreConfigurationBuilder.class)
        .path(heap.toString())
        .size(64 << 20)
        .mode(mode)
        .transactional(storeTransactional);
    return b.build();
  }
}

package org.jnvm.infinispan;

import static org.testng.Assert.assertEquals;
import static org.testng.Assert.assertTrue;

import jakarta.transaction.TransactionManager;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.infinispan.Cache;
import org.infinispan.commons.util.IntSets;
import org.infinispan.configuration.cache.Configuration;
import org.infinispan.configuration.cache.ConfigurationBuilder;
import org.infinispan.expiration.ExpirationManager;
import org.infinispan.manager.EmbeddedCacheManager;
import org.infinispan.transaction.LockingMode;
import org.jnvm.core.heap.Heap;
import org.jnvm.core.heap.TestHeaps;
import org.jnvm.infinispan.configuration.JnvmStoreConfigurationBuilder;
import org.testng.annotations.DataProvider;
import org.testng.annotations.Test;

/**
 * Purges read only the segments that may hold an entry with an expiry ({@link ExpiringSegments}):
 * none in a store created in this run until such an entry is written; every segment once after a
 * store that existed opens, then none if no entry has an expiry; and every way an entry with an
 * expiry is stored (a write, a transaction's commit, its replay) marks its segment again, so the
 * entry is still purged once expired.
 */
@Test(groups = "unit")
public class PurgeTest {
  private static final int SEGMENTS = 4;
  private static final long NOW = 1_000_000;

  @DataProvider
  public Object[][] modes() {
    return new Object[][] {{StoreMode.JPDT}, {StoreMode.JPFA}};
  }

  @Test(dataProvider = "modes")
  public void segmentsWithoutExpiriesAreReadOnceThenSkipped(StoreMode mode) throws Exception {
    try (TestHeaps t = new TestHeaps();
        Heap heap = Heap.create(t.path("purge-" + mode), 8 << 20)) {
      SegmentMaps m = maps(heap, mode);
      for (int i = 0; i < 100; i++) m.write(i % SEGMENTS, key("k" + i), entry("v" + i, -1));
      assertEquals(purgeAll(m, NOW), 0);
      assertEquals(m.purgeScannedEntries(), 100, "the first purge after an open reads everything");
      assertEquals(purgeAll(m, NOW), 0);
      assertEquals(m.purgeScannedEntries(), 100, "no segment holds an expiry: nothing read");

      m.write(2, key("e"), entry("expires", NOW + 10));
      assertEquals(purgeAll(m, NOW), 0);
      assertEquals(m.purgeScannedEntries(), 100 + 26, "segment 2 only");
      assertEquals(purgeAll(m, NOW), 0);
      assertEquals(m.purgeScannedEntries(), 100 + 2 * 26, "its entry has not expired: read again");
      assertEquals(purgeAll(m, NOW + 10), 1);
      assertEquals(m.purgeScannedEntries(), 100 + 3 * 26);
      assertEquals(purgeAll(m, NOW + 10), 0);
      assertEquals(m.purgeScannedEntries(), 100 + 3 * 26, "purged: the segment is skipped again");
      assertEquals(m.size(2), 25);
    }
  }

  @Test(dataProvider = "modes")
  public void aReplayedOrAppliedRecordWithAnExpiryMarksItsSegment(StoreMode mode) throws Exception {
    try (TestHeaps t = new TestHeaps();
        Heap heap = Heap.create(t.path("purge-apply-" + mode), 8 << 20)) {
      RecordWriter w = writer(heap, mode);
      SegmentMaps m = new SegmentMaps(StoreRoot.openOrCreate(heap, "p", mode, SEGMENTS), w);
      m.write(1, key("plain"), entry("v", -1));
      purgeAll(m, NOW);
      long read = m.purgeScannedEntries();

      m.withWriteLocks(
          new int[] {1}, () -> m.applyLocked(1, key("a"), w.build(entry("a", NOW + 5)), w));
      List<SegmentMaps.Replaced> replaced = new java.util.ArrayList<>();
      m.withWriteLocks(
          new int[] {3},
          () -> m.applyUnfenced(3, key("b"), w.build(entry("b", NOW + 5)), replaced));
      assertEquals(purgeAll(m, NOW + 5), 2);
      assertEquals(m.purgeScannedEntries(), read + 2 + 1, "segments 1 (two entries) and 3 (one)");
    }
  }

  /**
   * Through a transactional cache keeping one entry in memory, so that expired entries leave the
   * store by its purge, not by the container's expiry. In the run that creates the store, purges
   * read only what entries with a lifespan were written to (by a transaction of several keys, by a
   * single put), and those are purged once expired. In the next run, the first purge reads every
   * entry once, and purges an entry the first run wrote with a lifespan.
   */
  @Test(dataProvider = "modes")
  public void expiredEntriesAreStillPurgedWithinARunAndAfterARestart(StoreMode mode)
      throws Exception {
    Path heap = TestPaths.heap("purge-tx-" + mode);
    try {
      EmbeddedCacheManager cm = Caches.manager(txConfig(heap, mode));
      try {
        Cache<String, String> c = cm.getCache(Caches.NAME);
        ExpirationManager<?, ?> expiration = c.getAdvancedCache().getExpirationManager();
        for (int i = 0; i < 20; i++) c.put("k" + i, "v" + i);
        expiration.processExpiration();
        assertEquals(
            Caches.store(c).purgeScannedEntries(), 0, "created empty in this run: nothing read");

        TransactionManager tm = c.getAdvancedCache().getTransactionManager();
        tm.begin();
        for (int i = 0; i < 3; i++) c.put("t" + i, "x", 50, TimeUnit.MILLISECONDS);
        tm.commit();
        c.put("single", "x", 50, TimeUnit.MILLISECONDS);
        for (int i = 0; i < 5; i++) c.put("after" + i, "y"); // the expiring ones leave memory
        assertTrue(
            Caches.store(c).transactionCommits() >= 1, "the three keys went through an intent");
        assertEquals(storeSize(c), 29);
        Thread.sleep(120);
        expiration.processExpiration();
        assertEquals(storeSize(c), 25, "every expired entry left the store");
        long read = Caches.store(c).purgeScannedEntries();
        assertTrue(read > 0 && read < 29, "only segments written with a lifespan: " + read);
        c.put("late", "x", 300, TimeUnit.MILLISECONDS);
        c.put("last", "y");
      } finally {
        cm.stop();
      }
      cm = Caches.manager(txConfig(heap, mode));
      try {
        Cache<String, String> c = cm.getCache(Caches.NAME);
        ExpirationManager<?, ?> expiration = c.getAdvancedCache().getExpirationManager();
        assertEquals(storeSize(c), 27);
        Thread.sleep(350);
        expiration.processExpiration();
        assertEquals(storeSize(c), 26, "the entry the first run wrote with a lifespan expired");
        assertEquals(Caches.store(c).purgeScannedEntries(), 27, "reopened: every entry read once");
        expiration.processExpiration();
        assertEquals(Caches.store(c).purgeScannedEntries(), 27, "then nothing: none has an expiry");
      } finally {
        cm.stop();
      }
    } finally {
      TestPaths.delete(heap);
    }
  }

  private static int purgeAll(SegmentMaps m, long now) {
    int purged = 0;
    for (int s = 0; s < SEGMENTS; s++) purged += m.purgeExpired(s, now).size();
    return purged;
  }

  private static SegmentMaps maps(Heap heap, StoreMode mode) {
    return new SegmentMaps(StoreRoot.openOrCreate(heap, "p", mode, SEGMENTS), writer(heap, mode));
  }

  private static RecordWriter writer(Heap heap, StoreMode mode) {
    return mode == StoreMode.JPFA ? new FaWriter(heap) : new PdtWriter(heap);
  }

  private static KeyForm key(String k) {
    return KeyForm.of(k);
  }

  private static EntryData entry(String v, long expiry) {
    byte[] b = v.getBytes(StandardCharsets.UTF_8);
    return new EntryData(null, b, EntryData.NO_METADATA, -1, -1, null, null, 1, 1, expiry);
  }

  private static Configuration txConfig(Path heap, StoreMode mode) {
    ConfigurationBuilder b = Caches.transactional(LockingMode.PESSIMISTIC);
    b.memory().maxCount(1);
    b.persistence()
        .passivation(false)
        .addStore(JnvmStoreConfigurationBuilder.class)
        .path(heap.toString())
        .size(32 << 20)
        .mode(mode);
    return b.build();
  }

  private static long storeSize(Cache<?, ?> c) throws Exception {
    JnvmStore s = Caches.store(c);
    int n = c.getCacheConfiguration().clustering().hash().numSegments();
    return s.size(IntSets.immutableRangeSet(n)).toCompletableFuture().get();
  }
}

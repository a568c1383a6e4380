package org.jnvm.infinispan;

import static org.testng.Assert.assertEquals;
import static org.testng.Assert.assertNull;
import static org.testng.Assert.assertTrue;

import java.nio.file.Path;
import org.infinispan.Cache;
import org.infinispan.manager.EmbeddedCacheManager;
import org.testng.annotations.DataProvider;
import org.testng.annotations.Test;

/**
 * The paper's setup in small: an embedded cache keeping 10% of the records in memory (eviction by
 * count), every write through to the store; then the manager stops, a new one starts on the same
 * heap, and every record (including those never in memory at the end) is there, removed ones stay
 * removed; with preload the cache starts with entries in memory.
 */
@Test(groups = "unit")
public class RestartTest {
  private static final int RECORDS = 4_000;

  @DataProvider
  public Object[][] modes() {
    return new Object[][] {{StoreMode.JPDT}, {StoreMode.JPFA}};
  }

  @Test(dataProvider = "modes")
  public void everyRecordSurvivesARestartWithTenPercentInMemory(StoreMode mode) {
    Path heap = TestPaths.heap("restart-" + mode);
    try {
      fill(heap, mode);
      EmbeddedCacheManager cm = Caches.manager(Caches.config(heap, mode, RECORDS / 10, false));
      try {
        Cache<String, String> c = cm.getCache(Caches.NAME);
        assertEquals(c.getAdvancedCache().getDataContainer().sizeIncludingExpired(), 0);
        check(c);
        assertTrue(
            c.getAdvancedCache().getDataContainer().sizeIncludingExpired() <= RECORDS / 10,
            "memory holds at most 10% of the records");
      } finally {
        cm.stop();
      }
    } finally {
      TestPaths.delete(heap);
    }
  }

  @Test(dataProvider = "modes")
  public void preloadFillsMemoryUpToItsLimit(StoreMode mode) {
    Path heap = TestPaths.heap("preload-" + mode);
    try {
      fill(heap, mode);
      EmbeddedCacheManager cm = Caches.manager(Caches.config(heap, mode, RECORDS / 10, true));
      try {
        Cache<String, String> c = cm.getCache(Caches.NAME);
        long inMemory = c.getAdvancedCache().getDataContainer().sizeIncludingExpired();
        assertTrue(inMemory > 0 && inMemory <= RECORDS / 10, "preloaded " + inMemory);
        check(c);
      } finally {
        cm.stop();
      }
    } finally {
      TestPaths.delete(heap);
    }
  }

  /** Writes the records, overwrites every third one, removes every seventh one; then stops. */
  private static void fill(Path heap, StoreMode mode) {
    EmbeddedCacheManager cm = Caches.manager(Caches.config(heap, mode, RECORDS / 10, false));
    try {
      Cache<String, String> c = cm.getCache(Caches.NAME);
      for (int i = 0; i < RECORDS; i++) c.put("user" + i, "v" + i);
      for (int i = 0; i < RECORDS; i += 3) c.put("user" + i, "w" + i);
      for (int i = 0; i < RECORDS; i += 7) c.remove("user" + i);
      assertTrue(c.getAdvancedCache().getDataContainer().sizeIncludingExpired() <= RECORDS / 10);
      assertEquals(c.size(), RECORDS - (RECORDS + 6) / 7);
    } finally {
      cm.stop();
    }
  }

  private static void check(Cache<String, String> c) {
    for (int i = 0; i < RECORDS; i++) {
      String v = c.get("user" + i);
      if (i % 7 == 0) assertNull(v, "removed user" + i);
      else assertEquals(v, (i % 3 == 0 ? "w" : "v") + i, "user" + i);
    }
    assertEquals(c.size(), RECORDS - (RECORDS + 6) / 7);
  }
}

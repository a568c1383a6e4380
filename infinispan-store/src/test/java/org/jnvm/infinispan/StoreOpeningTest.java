package org.jnvm.infinispan;

import static org.testng.Assert.assertEquals;
import static org.testng.Assert.assertFalse;
import static org.testng.Assert.assertNull;
import static org.testng.Assert.assertSame;
import static org.testng.Assert.assertTrue;
import static org.testng.Assert.expectThrows;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.infinispan.Cache;
import org.infinispan.commons.CacheException;
import org.infinispan.configuration.cache.Configuration;
import org.infinispan.manager.EmbeddedCacheManager;
import org.testng.annotations.DataProvider;
import org.testng.annotations.Test;

/**
 * How a store comes back fast: its segments' indexes are rebuilt by their first operations and a
 * background opener (which a stop waits for before the heap is released), and an application may
 * open the heap ahead of the cache manager ({@link JnvmHeaps#openAhead}) so that recovery runs
 * beside the manager's start.
 */
@Test(groups = "unit")
public class StoreOpeningTest {
  private static final int RECORDS = 30_000;
  private static final String OPENER = "jnvm-store-open-" + Caches.NAME;

  @DataProvider
  public Object[][] modes() {
    return new Object[][] {{StoreMode.JPDT}, {StoreMode.JPFA}};
  }

  @Test(dataProvider = "modes")
  public void everySegmentServesWhileTheOpenerRuns(StoreMode mode) throws Exception {
    Path heap = TestPaths.heap("opening-" + mode);
    try {
      fill(heap, mode);
      EmbeddedCacheManager cm = Caches.manager(Caches.config(heap, mode, 0, false));
      try {
        Cache<String, String> c = cm.getCache(Caches.NAME);
        Map<String, String> wrong = new ConcurrentHashMap<>();
        List<Thread> readers = new ArrayList<>();
        for (int t = 0; t < 2; t++) {
          int first = t;
          Thread r =
              new Thread(
                  () -> {
                    for (int i = first; i < RECORDS; i += 2) {
                      String v = c.get("k" + i);
                      if (!("v" + i).equals(v)) wrong.put("k" + i, String.valueOf(v));
                    }
                  });
          readers.add(r);
          r.start();
        }
        c.put("k0", "changed"); // a write into a segment the opener may not have reached
        for (Thread r : readers) r.join();
        wrong.remove("k0"); // either value is right for the racing reader
        assertEquals(wrong, Map.of(), "keys read wrong after the restart");
        assertEquals(c.get("k0"), "changed");
      } finally {
        cm.stop();
      }
    } finally {
      TestPaths.delete(heap);
    }
  }

  /** Fails without the stop's join: the opener would still read a heap being unmapped. */
  @Test(dataProvider = "modes")
  public void stopWaitsForTheOpener(StoreMode mode) {
    Path heap = TestPaths.heap("opener-stop-" + mode);
    try {
      fill(heap, mode);
      for (int round = 0; round < 10; round++) {
        EmbeddedCacheManager cm = Caches.manager(Caches.config(heap, mode, 0, false));
        try {
          cm.getCache(Caches.NAME);
        } finally {
          cm.stop(); // at once: the opener is usually still rebuilding
        }
        assertFalse(openerAlive(), "the opener outlived its store, round " + round);
      }
      EmbeddedCacheManager cm = Caches.manager(Caches.config(heap, mode, 0, false));
      try {
        Cache<String, String> c = cm.getCache(Caches.NAME);
        assertEquals(c.size(), RECORDS);
        assertEquals(c.get("k" + (RECORDS - 1)), "v" + (RECORDS - 1));
      } finally {
        cm.stop();
      }
    } finally {
      TestPaths.delete(heap);
    }
  }

  /** Fails if the open ahead counted as a user: the heap would stay open after the stop. */
  @Test
  public void aHeapOpenedAheadIsTakenByTheStoreAndClosedWithIt() {
    Path heap = TestPaths.heap("ahead");
    try {
      fill(heap, StoreMode.JPDT);
      Configuration config = Caches.config(heap, StoreMode.JPDT, 0, false);
      JnvmHeaps.openAhead(config);
      EmbeddedCacheManager cm = Caches.manager(config);
      try {
        Cache<String, String> c = cm.getCache(Caches.NAME);
        assertSame(JnvmStore.heap(c), JnvmHeaps.get(heap));
        assertEquals(c.get("k7"), "v7");
      } finally {
        cm.stop();
      }
      assertNull(JnvmHeaps.get(heap), "the heap is still open after its only store stopped");
    } finally {
      TestPaths.delete(heap);
    }
  }

  @Test
  public void anOpenAheadThatFailsIsReportedByTheStoreStart() throws IOException {
    Path notAHeap = TestPaths.heap("ahead-not-a-heap");
    byte[] junk = new byte[1 << 20];
    for (int i = 0; i < junk.length; i++) junk[i] = (byte) (i * 31);
    Files.write(notAHeap, junk);
    try {
      Configuration config = Caches.config(notAHeap, StoreMode.JPDT, 0, false);
      JnvmHeaps.openAhead(config);
      EmbeddedCacheManager cm = Caches.manager(config);
      try {
        CacheException e = expectThrows(CacheException.class, () -> cm.getCache(Caches.NAME));
        assertTrue(Messages.chain(e).contains("cannot open its heap"), Messages.chain(e));
      } finally {
        cm.stop();
      }
      assertEquals(Files.readAllBytes(notAHeap), junk, "the file was changed");
    } finally {
      TestPaths.delete(notAHeap);
    }
  }

  private static boolean openerAlive() {
    return Thread.getAllStackTraces().keySet().stream()
        .anyMatch(t -> t.getName().equals(OPENER) && t.isAlive());
  }

  private static void fill(Path heap, StoreMode mode) {
    EmbeddedCacheManager cm = Caches.manager(Caches.config(heap, mode, 0, false));
    try {
      Cache<String, String> c = cm.getCache(Caches.NAME);
      Map<String, String> batch = new java.util.HashMap<>();
      for (int i = 0; i < RECORDS; i++) {
        batch.put("k" + i, "v" + i);
        if (batch.size() == 1_000) {
          c.putAll(batch);
          batch.clear();
        }
      }
      c.putAll(batch);
    } finally {
      cm.stop();
    }
  }
}

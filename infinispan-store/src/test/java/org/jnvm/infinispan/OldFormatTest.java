package org.jnvm.infinispan;

import static org.testng.Assert.assertEquals;
import static org.testng.Assert.assertNull;
import static org.testng.Assert.assertTrue;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.infinispan.Cache;
import org.infinispan.manager.EmbeddedCacheManager;
import org.jnvm.core.heap.Heap;
import org.jnvm.core.heap.HeapCheck;
import org.testng.annotations.Test;

/**
 * A J-PDT store of format 1 (J-PDT maps of key objects to {@code PdtEntry} records, as every
 * version before format 2 wrote it) still opens and serves: its root is created by the format-1
 * path ({@link StoreRoot#openOrCreate} with {@link StoreRoot#V1_MAPS}, the maps the earlier code
 * created), filled through a cache (the format-1 writer {@link PdtWriter}), then reopened by a new
 * manager: every entry reads back, writes and removals go on in format 1, iteration and size agree,
 * the format stays 1 (no upgrade) and {@code jnvm check} passes. A new store in the same heap is
 * created in format 2.
 */
@Test(groups = "unit")
public class OldFormatTest {
  private static final int RECORDS = 2_000;

  public void aFormatOneStoreOpensAndServes() {
    Path heap = TestPaths.heap("old-format");
    try {
      int segments = formatOneRoot(heap);
      Map<String, String> want = new HashMap<>();
      EmbeddedCacheManager cm = Caches.manager(Caches.config(heap, StoreMode.JPDT, 0, false));
      try {
        Cache<String, String> c = cm.getCache(Caches.NAME);
        for (int i = 0; i < RECORDS; i++) put(c, want, "user" + i, "v" + i);
        for (int i = 0; i < RECORDS; i += 3) put(c, want, "user" + i, "w" + i);
      } finally {
        cm.stop();
      }
      cm = Caches.manager(Caches.config(heap, StoreMode.JPDT, 0, false));
      try {
        Cache<String, String> c = cm.getCache(Caches.NAME);
        for (Map.Entry<String, String> e : want.entrySet()) {
          assertEquals(c.get(e.getKey()), e.getValue(), e.getKey());
        }
        for (int i = 0; i < RECORDS; i += 7) {
          c.remove("user" + i);
          want.remove("user" + i);
        }
        put(c, want, "fresh", "f");
        assertEquals(c.size(), want.size());
        assertEquals(Map.copyOf(c), want, "iteration");
        assertNull(c.get("user7"));
        StoreRoot root =
            StoreRoot.openOrCreate(Caches.store(c).heap(), Caches.NAME, StoreMode.JPDT, segments);
        assertEquals(root.version(), StoreRoot.V1_MAPS, "a format-1 store stays in format 1");
        StoreRoot other =
            StoreRoot.openOrCreate(Caches.store(c).heap(), "another", StoreMode.JPDT, segments);
        assertEquals(other.version(), StoreRoot.V2_TABLES, "a new store is created in format 2");
      } finally {
        cm.stop();
      }
      HeapCheck.Result r = HeapCheck.check(heap);
      assertTrue(r.ok(), r.toString());
    } finally {
      TestPaths.delete(heap);
    }
  }

  /** The empty format-1 root of the cache, as the earlier code created it; its segment count. */
  private static int formatOneRoot(Path heap) {
    int segments = Caches.config(heap, StoreMode.JPDT, 0, false).clustering().hash().numSegments();
    try (Heap h = Heap.create(heap, 128 << 20)) {
      StoreRoot r =
          StoreRoot.openOrCreate(h, Caches.NAME, StoreMode.JPDT, segments, StoreRoot.V1_MAPS);
      assertEquals(r.version(), StoreRoot.V1_MAPS);
    }
    return segments;
  }

  private static void put(Cache<String, String> c, Map<String, String> want, String k, String v) {
    c.put(k, v);
    want.put(k, v);
  }
}

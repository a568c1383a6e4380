package org.jnvm.dso.server;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.infinispan.Cache;
import org.infinispan.functional.FunctionalMap.ReadWriteMap;
import org.infinispan.manager.DefaultCacheManager;

/**
 * Brings a restarted cluster back to the latest acknowledged state of every persistent object.
 *
 * <p>Why: after a restart the consistent hash may give an object other owners than before, and a
 * node's store is only read for the segments the node owns now. So, before joining, a node reads
 * its own store through a local cache ({@link #readOwn}); once the expected members have joined, it
 * offers each box to the cluster ({@link #merge}), where the highest version wins. Nodes serve
 * clients only when every expected member has merged (see {@link DsoNode}).
 */
final class Recovery {
  private Recovery() {}

  /** The boxes in this node's store, by cache key; empty when the node has no store yet. */
  static Map<String, byte[]> readOwn(Path dir, long storeSize) {
    Map<String, byte[]> own = new HashMap<>();
    if (!Files.exists(PersistentStore.heapFile(dir))) {
      return own;
    }
    DefaultCacheManager local = new DefaultCacheManager(Clustering.local().build(), false);
    try {
      // Same cache name as the clustered cache: the J-NVM store keeps each cache's maps under its
      // name in the heap (the clustered cache opens the heap only after this one released it).
      local.defineConfiguration(Caches.PERSISTENT, Caches.recovery(dir, storeSize));
      local.start();
      Cache<String, byte[]> c = local.getCache(Caches.PERSISTENT);
      c.entrySet().forEach(e -> own.put(e.getKey(), e.getValue()));
    } finally {
      local.stop();
    }
    return own;
  }

  /** Offers every box to the cluster; returns how many replaced an older version. */
  static int merge(ReadWriteMap<String, byte[]> persistent, Map<String, byte[]> own) {
    Map<String, CompletableFuture<Boolean>> pending = new HashMap<>();
    own.forEach((k, v) -> pending.put(k, persistent.eval(k, new MergeFunction(v))));
    int replaced = 0;
    for (CompletableFuture<Boolean> f : pending.values()) {
      if (f.join()) {
        replaced++;
      }
    }
    return replaced;
  }
}

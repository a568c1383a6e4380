package org.jnvm.dso.server;

import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.infinispan.configuration.cache.CacheMode;
import org.infinispan.configuration.cache.Configuration;
import org.infinispan.configuration.cache.ConfigurationBuilder;

/**
 * The node's three caches:
 *
 * <pre>
 * dso-ephemeral   DIST_SYNC, 1 owner, memory only   objects that live as long as their node
 * dso-persistent  DIST_SYNC, rf owners, the store   objects that survive every node's death
 * dso-control     REPL_SYNC, memory only            node name -> client endpoint, "ready" marks
 * </pre>
 *
 * Keys are "type\nkey" strings, values the encoded {@link Box}: neither needs a marshaller.
 */
final class Caches {
  static final String EPHEMERAL = "dso-ephemeral";
  static final String PERSISTENT = "dso-persistent";
  static final String CONTROL = "dso-control";

  /** Segments of the object caches; the local recovery cache uses the same count. */
  static final int SEGMENTS = 64;

  private Caches() {}

  static Configuration ephemeral() {
    ConfigurationBuilder b = new ConfigurationBuilder();
    b.clustering()
        .cacheMode(CacheMode.DIST_SYNC)
        .remoteTimeout(15, TimeUnit.SECONDS)
        .hash()
        .numOwners(1)
        .numSegments(SEGMENTS);
    return b.build();
  }

  static Configuration persistent(int replicas, Path dir, long storeSize) {
    ConfigurationBuilder b = new ConfigurationBuilder();
    b.clustering()
        .cacheMode(CacheMode.DIST_SYNC)
        .remoteTimeout(15, TimeUnit.SECONDS)
        .hash()
        .numOwners(replicas)
        .numSegments(SEGMENTS);
    PersistentStore.addStore(b, dir, storeSize);
    return b.build();
  }

  /** A local cache over the same store, to read what the node held before it joins. */
  static Configuration recovery(Path dir, long storeSize) {
    ConfigurationBuilder b = new ConfigurationBuilder();
    b.clustering().hash().numSegments(SEGMENTS);
    PersistentStore.addStore(b, dir, storeSize);
    return b.build();
  }

  static Configuration control() {
    ConfigurationBuilder b = new ConfigurationBuilder();
    b.clustering().cacheMode(CacheMode.REPL_SYNC).remoteTimeout(15, TimeUnit.SECONDS);
    return b.build();
  }
}

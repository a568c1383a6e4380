package org.jnvm.dso.server;

import java.nio.file.Path;
import org.infinispan.configuration.cache.ConfigurationBuilder;

/**
 * The one seam through which persistent objects reach durable media: it adds a store to the
 * persistent objects' cache configuration. The J-NVM store (module infinispan-store) plugs in here;
 * until it lands, Infinispan's SoftIndexFileStore under the node's directory stands in.
 *
 * <p>Whatever store is added must be write-through and synchronous (not write-behind), private to
 * the node (not shared), and keep what it was given across a SIGKILL of the JVM: a call's reply
 * leaves the node only after the store of every owner has accepted the write.
 */
public final class PersistentStore {
  private PersistentStore() {}

  /** Adds the store for the persistent objects of the node whose directory is {@code dir}. */
  public static void addStore(ConfigurationBuilder cache, Path dir) {
    cache
        .persistence()
        .passivation(false)
        .addSoftIndexFileStore()
        .dataLocation(dir.resolve("data").toString())
        .indexLocation(dir.resolve("index").toString())
        .shared(false)
        .preload(false)
        .purgeOnStartup(false)
        .segmented(true)
        .syncWrites(true);
  }
}

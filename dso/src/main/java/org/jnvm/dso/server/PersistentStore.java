package org.jnvm.dso.server;

import java.nio.file.Path;
import org.infinispan.configuration.cache.ConfigurationBuilder;
import org.jnvm.infinispan.StoreMode;
import org.jnvm.infinispan.configuration.JnvmStoreConfigurationBuilder;

/**
 * The one seam through which persistent objects reach durable media: it adds the J-NVM store
 * (module infinispan-store) to the persistent objects' cache configuration, with its heap in one
 * file per node, {@code nodeDir/objects.heap} (emulated NVMM when the directory is in /dev/shm, or
 * a DAX file).
 *
 * <p>Mode J-PDT: a {@link Box} reaches the store as one marshalled {@code byte[]} that every call
 * replaces whole, so the store keeps it as an immutable record published by one durable 8-byte
 * store; J-PFA's in-place failure-atomic update would log fields that are all replaced anyway.
 *
 * <p>The store is write-through and synchronous (never write-behind), private to the node (not
 * shared), and keeps what it was given across a SIGKILL of the JVM: Infinispan completes a write
 * only once the store's write is durable, and a call's reply leaves the node only after the store
 * of every owner has completed it.
 */
public final class PersistentStore {
  /** The heap file under the node's directory. */
  public static final String HEAP_FILE = "objects.heap";

  /** Size of a heap created by a node that was not told one (the file is sparse in tmpfs). */
  public static final long DEFAULT_SIZE = 256L << 20;

  private PersistentStore() {}

  /** The node's heap file. */
  public static Path heapFile(Path nodeDir) {
    return nodeDir.resolve(HEAP_FILE);
  }

  /** Adds the store for the persistent objects of the node whose directory is {@code nodeDir}. */
  public static void addStore(ConfigurationBuilder cache, Path nodeDir) {
    addStore(cache, nodeDir, DEFAULT_SIZE);
  }

  /**
   * As {@link #addStore(ConfigurationBuilder, Path)}, creating a heap of {@code size} bytes when
   * the node has none yet (an existing heap keeps its size).
   */
  public static void addStore(ConfigurationBuilder cache, Path nodeDir, long size) {
    cache
        .persistence()
        .passivation(false)
        .addStore(JnvmStoreConfigurationBuilder.class)
        .path(heapFile(nodeDir).toString())
        .size(size)
        .mode(StoreMode.JPDT)
        .createIfMissing(true)
        .shared(false)
        .preload(false)
        .purgeOnStartup(false)
        .segmented(true);
  }
}

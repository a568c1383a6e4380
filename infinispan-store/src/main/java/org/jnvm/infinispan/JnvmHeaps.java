package org.jnvm.infinispan;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.infinispan.configuration.cache.Configuration;
import org.infinispan.configuration.cache.StoreConfiguration;
import org.jnvm.core.JNVM;
import org.jnvm.core.JnvmException;
import org.jnvm.core.heap.Heap;
import org.jnvm.infinispan.configuration.JnvmStoreConfiguration;

/**
 * The heaps this JVM has open for stores, shared and reference counted, keyed by the heap file's
 * absolute normalized path. Stores acquire their heap at start and release it at stop; a heap is
 * closed when its last store releases it. Opening a heap that is already open (by another store, or
 * as the {@link JNVM} default heap) shares it instead of failing on the file lock.
 *
 * <p><b>Ownership.</b> Application code that creates J-NVM values to put into a cache gets the
 * store's heap with {@link #get(Path)} or {@link JnvmStore#heap(org.infinispan.Cache)} and
 * allocates in it. A value put into the cache belongs to the store from then on: the store frees it
 * when the entry is replaced or removed, so the application must not free it, keep using it after
 * replacing or removing its entry, or put one object under two keys. Values not yet put into a
 * cache belong to the application (unreachable ones are reclaimed at the next recovery). Do not
 * close a heap obtained here; it is closed when the last store using it stops.
 */
public final class JnvmHeaps {
  private static final Map<Path, Held> OPEN = new HashMap<>();

  private static final System.Logger LOG = System.getLogger(JnvmHeaps.class.getName());

  private static final class Held {
    final Heap heap;
    final boolean owned;
    int users; // 0 for a heap opened ahead that no store took yet

    Held(Heap heap, boolean owned) {
      this.heap = heap;
      this.owned = owned;
    }
  }

  private JnvmHeaps() {}

  /** The heap open at {@code path} for a store, or null if none is. */
  public static synchronized Heap get(Path path) {
    Held h = OPEN.get(key(path));
    return h == null ? null : h.heap;
  }

  /**
   * Opens (recovering) or creates the heap at {@code path}, or shares it if this JVM has it open.
   *
   * @param size the size of a heap created here
   * @param create whether a missing heap is created (else it is an error)
   */
  static synchronized Heap acquire(Path path, long size, boolean create) {
    Path k = key(path);
    Held h = OPEN.get(k);
    if (h == null || h.heap.isClosed()) {
      h = open(k, size, create);
      OPEN.put(k, h);
    }
    h.users++;
    return h.heap;
  }

  /**
   * Starts opening the heaps of {@code cache}'s J-NVM stores on a thread of their own and returns
   * at once, so that their recovery runs while the cache manager starts instead of after it: call
   * it before creating the {@code DefaultCacheManager}. A store's start takes the heap opened here,
   * or waits for the open under way. An open that fails here is left to the store's start, which
   * fails with the error. A heap opened here that no store takes stays open until the JVM exits.
   */
  public static void openAhead(Configuration cache) {
    for (StoreConfiguration s : cache.persistence().stores()) {
      if (s instanceof JnvmStoreConfiguration c) {
        Thread t =
            new Thread(
                () -> openAhead(Path.of(c.path()), c.size(), c.createIfMissing()),
                "jnvm-open-ahead");
        t.setDaemon(true);
        t.start();
      }
    }
  }

  private static synchronized void openAhead(Path path, long size, boolean create) {
    Path k = key(path);
    Held h = OPEN.get(k);
    if (h != null && !h.heap.isClosed()) return; // a store was first
    try {
      h = open(k, size, create);
    } catch (RuntimeException e) {
      LOG.log(System.Logger.Level.DEBUG, "open ahead failed, left to the store's start: " + e);
      return;
    }
    OPEN.put(k, h);
  }

  /** Releases one use of {@code heap}; the last release closes it (unless it is JNVM's). */
  static synchronized void release(Heap heap) {
    Path k = key(heap.file());
    Held h = OPEN.get(k);
    if (h == null || h.heap != heap) return;
    if (--h.users > 0) return;
    OPEN.remove(k);
    if (h.owned) heap.close();
  }

  private static Held open(Path k, long size, boolean create) {
    Heap shared = defaultHeap();
    if (shared != null && key(shared.file()).equals(k)) return new Held(shared, false);
    if (Files.exists(k)) return new Held(Heap.open(k), true);
    if (!create) {
      throw new JnvmException("heap does not exist and create-if-missing is false: file=" + k);
    }
    Path dir = k.getParent();
    if (dir == null || !Files.isDirectory(dir)) {
      throw new JnvmException("directory of the heap does not exist: dir=" + dir + " file=" + k);
    }
    return new Held(Heap.create(k, size), true);
  }

  private static Heap defaultHeap() {
    try {
      return JNVM.heap();
    } catch (JnvmException notInitialised) {
      return null;
    }
  }

  private static Path key(Path p) {
    return p.toAbsolutePath().normalize();
  }
}

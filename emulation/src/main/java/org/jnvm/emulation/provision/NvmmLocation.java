package org.jnvm.emulation.provision;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.jnvm.core.heap.Heap;
import org.jnvm.core.heap.HeapOptions;

/**
 * A directory that holds heaps, with what is known about the file system under it.
 *
 * <pre>{@code
 * NvmmLocation loc = NvmmLocation.resolve();          // jnvm.heap.dir, JNVM_HEAP_DIR or /dev/shm
 * try (Heap heap = loc.createHeap("orders", 64 << 20)) { ... }
 * }</pre>
 *
 * <p>Invariant: the directory existed and was a directory when the location was resolved; {@link
 * #options()} asks for a synchronous (MAP_SYNC) mapping exactly when the mount holding it is DAX,
 * because on DAX a write-back reaches the medium directly and the page cache is not there to flush,
 * while MAP_SYNC on a file system without DAX fails.
 */
public final class NvmmLocation {
  private final Path dir;
  private final String source;
  private final Mount mount;

  NvmmLocation(Path dir, String source, Mount mount) {
    this.dir = dir;
    this.source = source;
    this.mount = mount;
  }

  /** The location named by {@code jnvm.heap.dir}, else {@code JNVM_HEAP_DIR}, else the default. */
  public static NvmmLocation resolve() {
    return LocationResolver.system().resolve(null);
  }

  /** The location at {@code dir}, which must be an existing directory. */
  public static NvmmLocation resolve(Path dir) {
    return LocationResolver.system().resolve(dir);
  }

  /** The directory, absolute. */
  public Path dir() {
    return dir;
  }

  /** Where the directory came from: {@code explicit path}, {@code system property ...}, etc. */
  public String source() {
    return source;
  }

  /** The mount holding the directory, or null where there is no mount table. */
  public Mount mount() {
    return mount;
  }

  /** True if the directory is on a DAX mount. */
  public boolean isDax() {
    return mount != null && mount.isDax();
  }

  /** Options for heaps here: default ones, with a synchronous mapping on DAX. */
  public HeapOptions options() {
    return HeapOptions.DEFAULT.withSyncMapping(isDax());
  }

  /** The path of the heap file {@code name} in this directory. */
  public Path heapPath(String name) {
    if (name == null
        || name.isEmpty()
        || name.equals(".")
        || name.equals("..")
        || name.indexOf('/') >= 0
        || name.indexOf('\0') >= 0) {
      throw new IllegalArgumentException(
          "heap name must be a plain file name (no '/', not '.' or '..'): name=" + name);
    }
    return dir.resolve(name);
  }

  /**
   * Creates the heap {@code name} of maximum size {@code size} here, after checking the location
   * and that its first reservation fits (the rest is reserved as the heap grows).
   */
  public Heap createHeap(String name, long size) {
    Path path = heapPath(name);
    requireWritable();
    requireSpace(Heap.firstReservation(size, options()));
    return Heap.create(path, size, options());
  }

  /** Opens the heap {@code name} (recovering it), or creates it with {@code size} bytes. */
  public Heap openOrCreateHeap(String name, long size) {
    Path path = heapPath(name);
    if (Files.exists(path)) return Heap.open(path, options());
    return createHeap(name, size);
  }

  /**
   * Fails unless a heap can be created here: the mount is not read-only and the directory is
   * writable by this process.
   */
  public void requireWritable() {
    if (mount != null && mount.isReadOnly()) {
      throw new NvmmLocationException(
          "heap directory is on a read-only file system: dir="
              + dir
              + " mount="
              + mount.mountPoint()
              + " options="
              + String.join(",", mount.options()));
    }
    if (!Files.isWritable(dir)) {
      throw new NvmmLocationException(
          "heap directory is not writable: dir=" + dir + " (from " + source + ")");
    }
  }

  /** Fails unless the file system has at least {@code size} usable bytes for this process. */
  public void requireSpace(long size) {
    long available = usableSpace();
    if (available < size) {
      throw new NvmmLocationException(
          "not enough free space for the heap: requested="
              + size
              + " available="
              + available
              + " dir="
              + dir);
    }
  }

  /** Bytes this process may still write on the file system holding the directory. */
  public long usableSpace() {
    try {
      return Files.getFileStore(dir).getUsableSpace();
    } catch (IOException e) {
      throw new NvmmLocationException("cannot read free space: " + e + " dir=" + dir, e);
    }
  }

  @Override
  public String toString() {
    return "NvmmLocation[dir="
        + dir
        + " from "
        + source
        + ", mount="
        + (mount == null ? "unknown" : mount)
        + (isDax() ? ", DAX: MAP_SYNC" : "")
        + "]";
  }
}

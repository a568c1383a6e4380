package org.jnvm.ycsb.pmdk;

import com.intel.pmem.llpl.TransactionalHeap;
import com.intel.pmem.llpl.util.ConcurrentLongART;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/**
 * One libpmemobj pool per file in a JVM (libpmemobj opens a pool once per process), with its index,
 * shared by the client threads and closed with the JVM (LLPL has no close).
 *
 * <p>The index is LLPL's own persistent, ordered, sharded adaptive radix tree ({@link
 * ConcurrentLongART}) from key bytes to record handles, its handle kept in the pool's root: what an
 * LLPL user would pick, and what lets a later JVM find the records. It answers scans in key order.
 */
final class SharedPool {
  private static final int SHARDS = 16;
  private static final Map<Path, SharedPool> OPEN = new HashMap<>();

  final TransactionalHeap heap;
  final ConcurrentLongART index;
  final Path file;

  private SharedPool(TransactionalHeap heap, ConcurrentLongART index, Path file) {
    this.heap = heap;
    this.index = index;
    this.file = file;
  }

  /** The pool at {@code file}, created with {@code size} bytes if missing. */
  static synchronized SharedPool acquire(Path file, long size) {
    Path key = file.toAbsolutePath();
    SharedPool p = OPEN.get(key);
    if (p == null) {
      p = open(key, size);
      OPEN.put(key, p);
    }
    return p;
  }

  private static SharedPool open(Path file, long size) {
    try {
      Files.createDirectories(file.getParent());
    } catch (IOException e) {
      throw new UncheckedIOException("cannot create the pool directory: file=" + file, e);
    }
    String path = file.toString();
    if (TransactionalHeap.exists(path)) {
      TransactionalHeap heap = TransactionalHeap.openHeap(path);
      return new SharedPool(heap, ConcurrentLongART.fromHandle(heap, heap.getRoot()), file);
    }
    TransactionalHeap heap = TransactionalHeap.createHeap(path, size);
    ConcurrentLongART index = new ConcurrentLongART(heap, SHARDS);
    heap.setRoot(index.handle());
    return new SharedPool(heap, index, file);
  }
}

package org.jnvm.infinispan;

import java.nio.file.Path;
import org.infinispan.commons.time.TimeService;
import org.infinispan.distribution.ch.KeyPartitioner;
import org.infinispan.persistence.spi.InitializationContext;
import org.infinispan.persistence.spi.PersistenceException;
import org.jnvm.core.JnvmException;
import org.jnvm.core.heap.Heap;
import org.jnvm.infinispan.configuration.JnvmStoreConfiguration;

/**
 * What a started store holds: its heap (shared through {@link JnvmHeaps}), its segment maps, the
 * codec, and what it needs from Infinispan. Built on a blocking thread: opening a heap maps a file
 * and may run recovery; the segments' indexes are rebuilt by their first operations and a
 * background opener ({@link SegmentMaps#openInBackground}), which {@link #close} stops.
 */
final class OpenStore {
  final Heap heap;
  final SegmentMaps maps;
  final Transactions transactions;
  final Codec codec;
  final KeyPartitioner partitioner;
  final TimeService time;
  final boolean segmented;
  final String cache;

  private OpenStore(
      Heap heap,
      SegmentMaps maps,
      Transactions transactions,
      InitializationContext ctx,
      boolean segmented) {
    this.heap = heap;
    this.maps = maps;
    this.transactions = transactions;
    this.codec = new Codec(heap, ctx.getPersistenceMarshaller(), ctx.getMarshallableEntryFactory());
    this.partitioner = ctx.getKeyPartitioner();
    this.time = ctx.getTimeService();
    this.segmented = segmented;
    this.cache = ctx.getCache().getName();
  }

  /** Opens (or creates) the heap and this cache's store in it; clear messages on every failure. */
  static OpenStore open(InitializationContext ctx) {
    JnvmStoreConfiguration c = ctx.getConfiguration();
    String cache = ctx.getCache().getName();
    int segments = ctx.getCache().getCacheConfiguration().clustering().hash().numSegments();
    Heap heap;
    try {
      heap = JnvmHeaps.acquire(Path.of(c.path()), c.size(), c.createIfMissing());
    } catch (JnvmException | IllegalArgumentException e) {
      throw new PersistenceException(
          "jnvm-store of cache '" + cache + "' cannot open its heap: " + e.getMessage(), e);
    }
    try {
      boolean created = heap.roots().get(StoreRoot.rootName(cache)) == null;
      StoreRoot root = StoreRoot.openOrCreate(heap, cache, c.mode(), segments);
      RecordWriter w =
          c.mode() == StoreMode.JPFA ? new FaWriter(heap) : new PdtWriter(heap, c.checksums());
      SegmentMaps maps = new SegmentMaps(root, w, created);
      Transactions tx = Transactions.open(heap, cache, maps, w); // replays committed ones first
      OpenStore o = new OpenStore(heap, maps, tx, ctx, c.segmented());
      maps.openInBackground("jnvm-store-open-" + cache);
      return o;
    } catch (RuntimeException e) {
      JnvmHeaps.release(heap);
      throw new PersistenceException(
          "jnvm-store of cache '" + cache + "' cannot start: " + e.getMessage(), e);
    }
  }

  /** The segment of {@code key}: Infinispan's when the store is segmented, else computed. */
  int segment(int given, Object key) {
    return segmented ? given : partitioner.getSegment(key);
  }

  long now() {
    return time.wallClockTime();
  }

  void close() {
    maps.close();
    JnvmHeaps.release(heap);
  }
}

package org.jnvm.infinispan;

import io.reactivex.rxjava3.core.Flowable;
import jakarta.transaction.Transaction;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.BiConsumer;
import java.util.function.Predicate;
import org.infinispan.Cache;
import org.infinispan.commons.configuration.ConfiguredBy;
import org.infinispan.commons.util.IntSet;
import org.infinispan.commons.util.IntSets;
import org.infinispan.configuration.cache.StoreConfiguration;
import org.infinispan.factories.ComponentRegistry;
import org.infinispan.persistence.spi.InitializationContext;
import org.infinispan.persistence.spi.MarshallableEntry;
import org.infinispan.persistence.spi.NonBlockingStore;
import org.infinispan.persistence.spi.PersistenceException;
import org.infinispan.util.concurrent.BlockingManager;
import org.jnvm.core.heap.Heap;
import org.jnvm.infinispan.cluster.RestartBarrier;
import org.jnvm.infinispan.cluster.StaleMarker;
import org.jnvm.infinispan.cluster.StaleSegments;
import org.jnvm.infinispan.configuration.JnvmStoreConfiguration;
import org.reactivestreams.Publisher;

/**
 * An Infinispan {@link NonBlockingStore} in a J-NVM heap: one persistent map per segment from key
 * to entry record, in J-PDT mode (immutable records, no log) or J-PFA mode (records updated in
 * failure-atomic blocks). Every write, delete and clear is durable when its stage completes. J-NVM
 * keys and values pass by reference, never marshalled; everything else goes through Infinispan's
 * persistence marshaller (see {@link Codec}). The heap is shared with the application through
 * {@link #heap(Cache)} (ownership rules in {@link JnvmHeaps}).
 *
 * <p><b>Threads.</b> Infinispan calls most methods on non-blocking threads, which must never wait
 * on I/O. This store:
 *
 * <ul>
 *   <li>runs {@code load}, {@code containsKey}, {@code write}, {@code delete}, {@code size}, {@code
 *       approximateSize} and (through the SPI's default) {@code batch} inline: each is a bounded
 *       memory-speed operation (marshalling, a hash lookup, at most a few write-backs and fences,
 *       about a microsecond), holding a segment lock that only other such operations hold, like
 *       Infinispan's own in-memory data container;
 *   <li>runs {@code start} and {@code stop} (mapping a file, recovery, index rebuild), {@code
 *       clear}, {@code removeSegments}, {@code purgeExpired}, {@code publishEntries} and {@code
 *       publishKeys} (work proportional to the data) on the blocking manager; iterations copy one
 *       segment at a time under its read lock and emit on Infinispan's non-blocking threads.
 * </ul>
 *
 * <p><b>Segments.</b> Every segment's map is created when the store is first created (local caches
 * own all segments), and the segment count is recorded: reopening with another count fails. {@code
 * removeSegments} empties the maps; {@code addSegments} empties those of gained segments whose copy
 * here is stale (a node rejoining a running cluster: {@link StaleSegments}).
 */
@ConfiguredBy(JnvmStoreConfiguration.class)
public class JnvmStore implements NonBlockingStore<Object, Object> {
  private final ConcurrentHashMap<Transaction, Transactions.Prepared> prepared =
      new ConcurrentHashMap<>();
  private volatile OpenStore open;
  private BlockingManager blocking;
  private Cache<?, ?> cache;
  private StaleSegments staleSegments;
  private volatile StaleMarker marker;
  private volatile RestartBarrier barrier;
  private ScheduledExecutorService clusterTicker;

  /**
   * The heap the J-NVM store of {@code cache} uses, to allocate J-NVM values to put into it. The
   * store must be started (the cache running).
   *
   * @throws IllegalStateException if the cache has no J-NVM store or its heap is not open
   */
  public static Heap heap(Cache<?, ?> cache) {
    for (StoreConfiguration s : cache.getCacheConfiguration().persistence().stores()) {
      if (s instanceof JnvmStoreConfiguration c) {
        Heap h = JnvmHeaps.get(Path.of(c.path()));
        if (h == null) {
          throw new IllegalStateException(
              "the J-NVM store of cache '" + cache.getName() + "' is not started: " + c.path());
        }
        return h;
      }
    }
    throw new IllegalStateException("cache '" + cache.getName() + "' has no J-NVM store");
  }

  /** The heap of this store (null before start and after stop). */
  public Heap heap() {
    OpenStore o = open;
    return o == null ? null : o.heap;
  }

  /** Entries this store's purges have read since it started ({@link ExpiringSegments}). */
  long purgeScannedEntries() {
    OpenStore o = open;
    return o == null ? 0 : o.maps.purgeScannedEntries();
  }

  /** Transactions of several modifications this store committed as one unit since it started. */
  long transactionCommits() {
    OpenStore o = open;
    return o == null ? 0 : o.transactions.commits();
  }

  @Override
  public Set<Characteristic> characteristics() {
    return EnumSet.of(
        Characteristic.SEGMENTABLE,
        Characteristic.EXPIRATION,
        Characteristic.BULK_READ,
        Characteristic.TRANSACTIONAL);
  }

  @Override
  public CompletionStage<Void> start(InitializationContext ctx) {
    blocking = ctx.getBlockingManager();
    cache = ctx.getCache();
    Path heapPath = Path.of(ctx.<JnvmStoreConfiguration>getConfiguration().path());
    return blocking.runBlocking(
        () -> startCluster(open = OpenStore.open(ctx), heapPath), "jnvm-store-start");
  }

  /**
   * The cluster's parts of a store whose owners are chosen by name: the heap's restart ledger
   * ({@link StaleMarker}), the first phase of a whole-cluster restart ({@link RestartBarrier}), and
   * a half-second tick that records stable topologies in the ledger and opens the barrier.
   */
  private void startCluster(OpenStore o, Path heapPath) {
    marker = StaleMarker.of(cache, heapPath);
    staleSegments = new StaleSegments(cache, marker);
    barrier = RestartBarrier.of(cache, o.maps.segments(), seg -> o.maps.size(seg) > 0);
    if (marker == null && barrier == null) return;
    clusterTicker =
        Executors.newSingleThreadScheduledExecutor(
            r -> {
              Thread t = new Thread(r, "jnvm-store-cluster-" + cache.getName());
              t.setDaemon(true);
              return t;
            });
    clusterTicker.scheduleWithFixedDelay(this::tick, 500, 500, TimeUnit.MILLISECONDS);
  }

  private void tick() {
    try {
      StaleMarker m = marker;
      if (m != null) m.checkStable();
      RestartBarrier b = barrier;
      if (b != null) b.open();
    } catch (RuntimeException e) {
      // the cache is stopping or not yet joined: the next tick looks again
    }
  }

  @Override
  public CompletionStage<Void> stop() {
    if (clusterTicker != null) clusterTicker.shutdownNow();
    OpenStore o = open;
    open = null;
    if (o == null) return CompletableFuture.completedFuture(null);
    return blocking.runBlocking(o::close, "jnvm-store-stop");
  }

  /**
   * Removes the cache's entries (the cache is being removed), then stops. The empty segment maps
   * and the root stay in the heap, ready for a cache of the same name.
   */
  @Override
  public CompletionStage<Void> destroy() {
    OpenStore o = open;
    if (o == null) return CompletableFuture.completedFuture(null);
    return clear().thenCompose(v -> stop());
  }

  // ---- single entries: inline ----------------------------------------------------------------

  @Override
  public CompletionStage<MarshallableEntry<Object, Object>> load(int segment, Object key) {
    try {
      OpenStore o = store();
      beforeRead(o.segment(segment, key));
      long now = o.now();
      // read (and verified, with a checksum) before its expiry is trusted, once
      EntryData d =
          o.maps.read(
              o.segment(segment, key),
              o.codec.key(key),
              r -> {
                EntryData e = r.read();
                return e.expiredAt(now) ? null : e;
              });
      if (d == null) onMiss(o.segment(segment, key));
      return CompletableFuture.completedFuture(d == null ? null : o.codec.decode(key, d));
    } catch (Throwable t) {
      return failed(t);
    }
  }

  @Override
  public CompletionStage<Boolean> containsKey(int segment, Object key) {
    try {
      OpenStore o = store();
      beforeRead(o.segment(segment, key));
      long now = o.now();
      Boolean found = o.maps.read(o.segment(segment, key), o.codec.key(key), r -> !expired(r, now));
      if (!Boolean.TRUE.equals(found)) onMiss(o.segment(segment, key));
      return CompletableFuture.completedFuture(Boolean.TRUE.equals(found));
    } catch (Throwable t) {
      return failed(t);
    }
  }

  @Override
  public CompletionStage<Void> write(int segment, MarshallableEntry<?, ?> entry) {
    try {
      OpenStore o = store();
      Object key = entry.getKey();
      beforeWrite(segment);
      o.maps.write(o.segment(segment, key), o.codec.key(key), o.codec.encode(entry));
      return CompletableFuture.completedFuture(null);
    } catch (Throwable t) {
      return failed(t);
    }
  }

  @Override
  public CompletionStage<Boolean> delete(int segment, Object key) {
    try {
      OpenStore o = store();
      beforeRemoval(segment);
      return CompletableFuture.completedFuture(
          o.maps.delete(o.segment(segment, key), o.codec.key(key)));
    } catch (Throwable t) {
      return failed(t);
    }
  }

  @Override
  public CompletionStage<Long> size(IntSet segments) {
    try {
      OpenStore o = store();
      long n = 0;
      for (int s : segmentsOf(o, segments)) n += o.maps.size(s);
      return CompletableFuture.completedFuture(n);
    } catch (Throwable t) {
      return failed(t);
    }
  }

  @Override
  public CompletionStage<Long> approximateSize(IntSet segments) {
    return size(segments);
  }

  // ---- a transaction's modifications: one failure-atomic unit (see Transactions) -----------

  /**
   * A transaction's modifications at commit (Infinispan hands a transactional cache's commit to
   * every store as one batch): applied all or nothing, durable when the stage completes.
   */
  @Override
  public CompletionStage<Void> batch(
      int publisherCount,
      Publisher<SegmentedPublisher<Object>> removePublisher,
      Publisher<SegmentedPublisher<MarshallableEntry<Object, Object>>> writePublisher) {
    return withOps(removePublisher, writePublisher, (o, ops) -> o.transactions.apply(ops));
  }

  /** Two-phase commit, first phase: the modifications made durable, unreachable until commit. */
  @Override
  public CompletionStage<Void> prepareWithModifications(
      Transaction tx,
      int publisherCount,
      Publisher<SegmentedPublisher<Object>> removePublisher,
      Publisher<SegmentedPublisher<MarshallableEntry<Object, Object>>> writePublisher) {
    return withOps(
        removePublisher,
        writePublisher,
        (o, ops) -> {
          Transactions.Prepared old = prepared.put(tx, o.transactions.prepare(ops));
          if (old != null) o.transactions.rollback(old); // prepared again: the last one wins
        });
  }

  @Override
  public CompletionStage<Void> commit(Transaction tx) {
    return finish(tx, (o, p) -> o.transactions.commit(p));
  }

  @Override
  public CompletionStage<Void> rollback(Transaction tx) {
    return finish(tx, (o, p) -> o.transactions.rollback(p));
  }

  /**
   * Ends {@code tx}'s prepared modifications with {@code action}; nothing if none were prepared.
   */
  private CompletionStage<Void> finish(
      Transaction tx, BiConsumer<OpenStore, Transactions.Prepared> action) {
    try {
      Transactions.Prepared p = prepared.remove(tx);
      if (p != null) action.accept(store(), p);
      return CompletableFuture.completedFuture(null);
    } catch (Throwable t) {
      return failed(t);
    }
  }

  private CompletionStage<Void> withOps(
      Publisher<SegmentedPublisher<Object>> removes,
      Publisher<SegmentedPublisher<MarshallableEntry<Object, Object>>> writes,
      BiConsumer<OpenStore, List<TxOp>> action) {
    OpenStore o;
    try {
      o = store();
    } catch (Throwable t) {
      return failed(t);
    }
    // Both publishers, and every segment's publisher in them, are subscribed at once: they may
    // split one source (a group per segment), which stalls until every part is consumed.
    Flowable<TxOp> r =
        Flowable.fromPublisher(removes)
            .flatMap(
                sp ->
                    Flowable.fromPublisher(sp)
                        .map(k -> TxOp.remove(o.segment(sp.getSegment(), k), o.codec.key(k))),
                Integer.MAX_VALUE);
    Flowable<TxOp> w =
        Flowable.fromPublisher(writes)
            .flatMap(
                sp ->
                    Flowable.fromPublisher(sp)
                        .map(
                            e ->
                                TxOp.write(
                                    o.segment(sp.getSegment(), e.getKey()),
                                    o.codec.key(e.getKey()),
                                    o.codec.encode(e))),
                Integer.MAX_VALUE);
    return Flowable.merge(r, w)
        .toList()
        .doOnSuccess(
            ops -> {
              for (TxOp op : ops) beforeRemoval(op.segment());
              action.accept(o, ops);
            })
        .ignoreElement()
        .onErrorResumeNext(
            t ->
                io.reactivex.rxjava3.core.Completable.error(
                    t instanceof PersistenceException
                        ? t
                        : new PersistenceException(t.getMessage(), t)))
        .toCompletionStage(null);
  }

  // ---- whole segments: blocking threads ------------------------------------------------------

  @Override
  public CompletionStage<Void> clear() {
    OpenStore o = open;
    if (o == null) return failed(notStarted());
    return blocking.runBlocking(
        () -> {
          for (int s = 0; s < o.maps.segments(); s++) {
            beforeRemoval(s);
            o.maps.clear(s);
          }
        },
        "jnvm-store-clear");
  }

  @Override
  public CompletionStage<Void> addSegments(IntSet segments) {
    // called on every topology update, before it is installed: the members that left are marked
    // before Infinispan acknowledges writes without them (StaleMarker#onTopologyUpdate)
    StaleMarker m = marker;
    CompletionStage<Void> marked =
        m == null
            ? CompletableFuture.completedFuture(null)
            : blocking.runBlocking(m::onTopologyUpdate, "jnvm-store-mark-leavers");
    RestartBarrier b = barrier;
    if (b != null) b.onOwned(segments);
    // every segment's map exists from the start; a gained segment's stale copy is dropped
    IntSet stale =
        staleSegments == null ? IntSets.immutableEmptySet() : staleSegments.onOwned(segments);
    if (stale.isEmpty()) return marked;
    OpenStore o = open;
    if (o == null) return failed(notStarted());
    return marked.thenCompose(
        ignored ->
            blocking.runBlocking(
                () -> {
                  if (m != null) m.release(stale);
                  for (int s : stale) o.maps.clear(s);
                  // preloaded entries of those segments too: state transfer brings the current ones
                  ComponentRegistry.of(cache).getInternalDataContainer().running().clear(stale);
                },
                "jnvm-store-drop-stale-segments"));
  }

  @Override
  public CompletionStage<Void> removeSegments(IntSet segments) {
    OpenStore o = open;
    if (o == null) return failed(notStarted());
    StaleMarker m = marker;
    return blocking.runBlocking(
        () -> {
          if (m != null) m.release(segments);
          for (int s : segments) o.maps.clear(s);
          RestartBarrier b = barrier;
          if (b != null) b.onRemoved(segments);
        },
        "jnvm-store-remove-segments");
  }

  @Override
  public Flowable<MarshallableEntry<Object, Object>> publishEntries(
      IntSet segments, Predicate<? super Object> filter, boolean includeValues) {
    return onBlocking(
        o -> {
          long now = o.now();
          return Flowable.fromIterable(segmentsOf(o, segments))
              .concatMapIterable(s -> Iteration.entries(o, s, filter, includeValues, now));
        });
  }

  @Override
  public Flowable<Object> publishKeys(IntSet segments, Predicate<? super Object> filter) {
    return onBlocking(
        o -> {
          long now = o.now();
          return Flowable.fromIterable(segmentsOf(o, segments))
              .concatMapIterable(s -> Iteration.keys(o, s, filter, now));
        });
  }

  @Override
  public Flowable<MarshallableEntry<Object, Object>> purgeExpired() {
    return onBlocking(
        o -> {
          long now = o.now();
          return Flowable.fromIterable(segmentsOf(o, null))
              .concatMapIterable(s -> Iteration.purge(o, s, now));
        });
  }

  // ---- helpers -----------------------------------------------------------------------------

  /** A read of a segment: refused during a restart's first phase if the heap lacks it. */
  private void beforeRead(int storeSegment) {
    RestartBarrier b = barrier;
    if (b != null) b.beforeRead(storeSegment);
  }

  /** A read found nothing: an error where this copy cannot know ({@link RestartBarrier}). */
  private void onMiss(int storeSegment) {
    RestartBarrier b = barrier;
    if (b != null) b.onMiss(storeSegment);
  }

  /**
   * A write: refused if it is a client's during a restart's first phase; otherwise its absent ring
   * owners are recorded as stale first ({@link StaleMarker}), except for state transfer's writes of
   * that phase (nothing is missed while clients cannot write).
   */
  private void beforeWrite(int segment) {
    RestartBarrier b = barrier;
    if (b != null && b.beforeWrite(segment)) return;
    StaleMarker m = marker;
    if (m != null) m.beforeWrite(segment);
  }

  /** A removal or a transaction's part: refused during a restart's first phase, then marked. */
  private void beforeRemoval(int segment) {
    RestartBarrier b = barrier;
    if (b != null) b.beforeRemoval();
    beforeWrite(segment);
  }

  private <T> Flowable<T> onBlocking(java.util.function.Function<OpenStore, Flowable<T>> body) {
    Flowable<T> deferred =
        Flowable.defer(
            () -> {
              OpenStore o = open;
              if (o == null) return Flowable.error(notStarted());
              return body.apply(o);
            });
    return Flowable.fromPublisher(blocking.blockingPublisher(deferred));
  }

  private static boolean expired(StoredEntry r, long now) {
    long e = r.expiry();
    return e > 0 && e <= now;
  }

  private static List<Integer> segmentsOf(OpenStore o, IntSet segments) {
    int n = o.maps.segments();
    List<Integer> out = new ArrayList<>(segments == null ? n : segments.size());
    for (int s = 0; s < n; s++) {
      if (segments == null || segments.contains(s)) out.add(s);
    }
    return out;
  }

  private OpenStore store() {
    OpenStore o = open;
    if (o == null) throw notStarted();
    o.heap.requireUsable(); // refused once its file was found changed under the JVM
    return o;
  }

  private static PersistenceException notStarted() {
    return new PersistenceException("jnvm-store is not started");
  }

  /**
   * {@code t} as the store's failure; a fault of a heap file changed under the JVM (an {@link
   * InternalError} naming no file) becomes an exception that names it, and the heap is refused.
   */
  private <T> CompletionStage<T> failed(Throwable t) {
    OpenStore o = open;
    Throwable f = o == null ? null : o.heap.fileFault(t);
    if (f != null) t = f;
    return CompletableFuture.failedFuture(
        t instanceof PersistenceException ? t : new PersistenceException(t.getMessage(), t));
  }
}

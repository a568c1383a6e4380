package org.jnvm.tpcb;

import io.reactivex.rxjava3.core.Flowable;
import java.util.EnumSet;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Predicate;
import org.infinispan.commons.util.IntSet;
import org.infinispan.persistence.spi.InitializationContext;
import org.infinispan.persistence.spi.MarshallableEntry;
import org.infinispan.persistence.spi.NonBlockingStore;
import org.reactivestreams.Publisher;

/**
 * A store that keeps nothing and answers at once: the floor of Infinispan's write-through path (the
 * persistence interceptors, the batch of a transaction, the entries built for it), with no
 * marshalling and no storage. Measures how much of a persistent backend's cost is Infinispan's
 * plumbing rather than the store. Not persistent: a restart starts from an empty bank.
 */
public final class NullStore implements NonBlockingStore<Object, Object> {
  private static final CompletionStage<Void> DONE = CompletableFuture.completedFuture(null);

  @Override
  public Set<Characteristic> characteristics() {
    return EnumSet.of(Characteristic.SEGMENTABLE, Characteristic.BULK_READ);
  }

  @Override
  public Publisher<MarshallableEntry<Object, Object>> publishEntries(
      IntSet segments, Predicate<? super Object> filter, boolean includeValues) {
    return Flowable.empty(); // keeps nothing, preloads nothing
  }

  @Override
  public Publisher<Object> publishKeys(IntSet segments, Predicate<? super Object> filter) {
    return Flowable.empty();
  }

  @Override
  public CompletionStage<Void> start(InitializationContext ctx) {
    return DONE;
  }

  @Override
  public CompletionStage<Void> stop() {
    return DONE;
  }

  @Override
  public CompletionStage<MarshallableEntry<Object, Object>> load(int segment, Object key) {
    return CompletableFuture.completedFuture(null);
  }

  @Override
  public CompletionStage<Void> write(int segment, MarshallableEntry<?, ?> entry) {
    return DONE;
  }

  @Override
  public CompletionStage<Boolean> delete(int segment, Object key) {
    return CompletableFuture.completedFuture(false);
  }

  @Override
  public CompletionStage<Void> clear() {
    return DONE;
  }

  @Override
  public CompletionStage<Void> addSegments(IntSet segments) {
    return DONE;
  }

  @Override
  public CompletionStage<Void> removeSegments(IntSet segments) {
    return DONE;
  }
}

package org.jnvm.infinispan.cluster;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.infinispan.Cache;
import org.infinispan.distribution.DistributionManager;
import org.infinispan.distribution.LocalizedCacheTopology;
import org.infinispan.factories.ComponentRegistry;
import org.infinispan.partitionhandling.AvailabilityMode;
import org.infinispan.remoting.transport.Address;
import org.infinispan.topology.CacheTopology;

/**
 * Keeps a node's {@link RestartLedger}: marks the ring members that miss a write before the store
 * applies it, and clears them once they are back and complete.
 *
 * <ol>
 *   <li>{@link #beforeWrite}: the store calls it before it applies a write, removal or transaction
 *       to a segment. If an owner of that segment in the complete ring is not one of the segment's
 *       write owners among the topology's actual members, it will miss the write: it is added to
 *       the ledger's {@code stale} set and the ledger is written (forced) before the write is
 *       applied. The check costs a read of the topology and, per topology, one table of the missing
 *       owners per segment.
 *   <li>{@link #onGained}: the store calls it when it gains segments (before state transfer
 *       starts): {@code receiving} is set durably.
 *   <li>{@link #checkStable}: called periodically and after each topology change seen by the store;
 *       once a stable topology (no rebalance, cache available) is installed with this node as a
 *       member, {@code receiving} is cleared and every member of that topology leaves {@code
 *       stale}: each has completed the state transfer of every segment it owns. Clearing late only
 *       makes a restart more careful.
 * </ol>
 *
 * Outside a cluster whose owners are chosen by {@link NamedRingHashFactory}, it does nothing.
 */
public final class StaleMarker {
  private final Cache<?, ?> cache;
  private final NamedRingHashFactory ring;
  private final int numOwners;
  private RestartLedger ledger;
  private volatile Missing missing = Missing.NONE;
  private volatile boolean stableSeen;
  private volatile DistributionManager distribution;

  /** Per topology: the complete-ring owners missing from its actual members, per segment. */
  private record Missing(int topologyId, String[][] bySegment) {
    static final Missing NONE = new Missing(Integer.MIN_VALUE, new String[0][]);
  }

  private StaleMarker(Cache<?, ?> cache, NamedRingHashFactory ring, Path heap) {
    this.cache = cache;
    this.ring = ring;
    this.numOwners = cache.getCacheConfiguration().clustering().hash().numOwners();
    this.ledger = RestartLedger.read(heap);
  }

  /** A marker for {@code cache}'s heap at {@code heap}, or null when its owners are not named. */
  public static StaleMarker of(Cache<?, ?> cache, Path heap) {
    NamedRingHashFactory r = NamedRingHashFactory.of(cache);
    if (r == null || r.ring().isEmpty()) return null;
    return new StaleMarker(cache, r, heap);
  }

  /** Before a write to {@code segment} is applied: records who misses it (see the class doc). */
  public void beforeWrite(int segment) {
    LocalizedCacheTopology t = topology();
    if (t == null) return;
    Missing m = missing;
    if (m.topologyId() != t.getTopologyId()) m = missing = missing(t);
    if (segment < m.bySegment().length && m.bySegment()[segment].length > 0) {
      mark(m.bySegment()[segment]);
    }
  }

  private synchronized void mark(String[] absent) {
    Set<String> s = new TreeSet<>(ledger.stale());
    if (!s.addAll(List.of(absent))) return;
    ledger = ledger.withStale(s);
    ledger.write();
  }

  /** Segments were gained: their state transfer is about to start. */
  public synchronized void onGained() {
    if (ledger.receiving()) return;
    ledger = ledger.withReceiving(true);
    ledger.write();
  }

  /** Clears what a stable, available topology with this node in it proves complete. */
  public synchronized void checkStable() {
    LocalizedCacheTopology t = topology();
    if (t == null || t.getPhase() != CacheTopology.Phase.NO_REBALANCE) return;
    if (cache.getAdvancedCache().getAvailability() != AvailabilityMode.AVAILABLE) return;
    Set<String> present = names(t.getActualMembers());
    if (!present.contains(String.valueOf(cache.getCacheManager().getAddress()))) return;
    stableSeen = true;
    Set<String> s = new TreeSet<>(ledger.stale());
    boolean changed = s.removeAll(present) || ledger.receiving();
    if (!changed) return;
    ledger = ledger.withStale(s).withReceiving(false);
    ledger.write();
  }

  /** True once this node was a member of a stable, available topology since it started. */
  public boolean stableSeen() {
    return stableSeen;
  }

  /** The ledger as it is now. */
  public synchronized RestartLedger ledger() {
    return ledger;
  }

  /**
   * The complete-ring owners of each segment that a write in topology {@code t} does not reach: not
   * among the segment's write owners (a node down, or joined but not yet given its segments), or
   * not among the actual members (an owner kept by a degraded topology).
   */
  private Missing missing(LocalizedCacheTopology t) {
    Set<String> present = names(t.getActualMembers());
    int segments = t.getNumSegments();
    String[][] by = new String[segments][];
    for (int s = 0; s < segments; s++) {
      Set<String> reached = names(t.getSegmentDistribution(s).writeOwners());
      reached.retainAll(present);
      List<String> absent = new ArrayList<>();
      for (String name : ring.ring()) {
        if (!reached.contains(name) && ring.idealOwner(name, s, numOwners)) absent.add(name);
      }
      by[s] = absent.toArray(String[]::new);
    }
    return new Missing(t.getTopologyId(), by);
  }

  private LocalizedCacheTopology topology() {
    DistributionManager dm = distribution;
    if (dm == null) dm = distribution = ComponentRegistry.of(cache).getDistributionManager();
    return dm == null ? null : dm.getCacheTopology();
  }

  private static Set<String> names(Collection<Address> members) {
    Set<String> out = new HashSet<>();
    for (Address a : members) out.add(a.toString());
    return out;
  }
}

package org.jnvm.infinispan.cluster;

import java.util.List;
import org.infinispan.Cache;
import org.infinispan.commons.util.IntSet;
import org.infinispan.commons.util.IntSets;
import org.infinispan.distribution.DistributionManager;
import org.infinispan.distribution.ch.ConsistentHash;
import org.infinispan.factories.ComponentRegistry;
import org.infinispan.remoting.transport.Address;
import org.infinispan.topology.CacheTopology;

/**
 * Which segments a node's heap holds stale copies of, as the node gains them.
 *
 * <p>A node that was down while the cluster went on (a single node killed and restarted) rejoins
 * with a heap that misses the writes and, worse, the removals made meanwhile: state transfer brings
 * the live owners' entries but never deletes an entry the rejoining heap still has, so a removed
 * key would come back. Its copy of a gained segment is therefore dropped when a live owner of that
 * segment is one of the segment's owners in the complete ring ({@link
 * NamedRingHashFactory#idealOwner}): that owner's heap has had every write and removal of the
 * segment, and state transfer is about to copy it. When no such owner is up (the first nodes of a
 * cluster restarted after every node died), the node's own copy is the best there is: kept.
 *
 * <p>Timing: Infinispan 15.2 calls the store's {@code addSegments} (and the container's) before it
 * installs the topology that gives the segments (StateConsumerImpl.onTopologyUpdate), so no write
 * routed by that topology has reached this node when its copy is dropped, and state transfer has
 * not begun.
 *
 * <p>After a whole-cluster restart the rule cannot trust every complete-ring owner: one may have
 * been down, or rejoining, when the others died. The launcher then passes every node the union of
 * the nodes' restart ledgers ({@value #STALE_PROPERTY}, a {@link StaleMap}); until the node has
 * been part of a stable topology, a gained segment is dropped when this node's copy of it is stale,
 * or when a live complete-ring owner's copy is current, and kept otherwise (its current owners are
 * this node and nodes not up yet, or whose copies are stale too).
 */
public final class StaleSegments {
  /**
   * Set by the launcher from the nodes' {@link RestartLedger}s: the stale segments of every member
   * ({@link StaleMap}'s text form), or {@code true} (the first format) for every segment of this
   * node. Until the node has been part of a stable topology, the segments it gains are kept or
   * dropped by it (see the class doc).
   */
  public static final String STALE_PROPERTY = "jnvm.cluster.stale";

  private final Cache<?, ?> cache;
  private final StaleMarker marker;
  private final StaleMap atStart;
  private IntSet owned = IntSets.immutableEmptySet();

  public StaleSegments(Cache<?, ?> cache, StaleMarker marker) {
    this.cache = cache;
    this.marker = marker;
    Address me = self();
    this.atStart = me == null ? StaleMap.EMPTY : atStart(me.toString());
  }

  /** The stale map the launcher passed ({@value #STALE_PROPERTY}); empty when none. */
  static StaleMap atStart(String self) {
    String v = System.getProperty(STALE_PROPERTY, "").trim();
    if (v.isEmpty() || v.equals("false")) return StaleMap.EMPTY;
    if (v.equals("true")) return StaleMap.EMPTY.withAll(self);
    return StaleMap.parse(v);
  }

  /**
   * The segments among {@code segments} (all this node owns in the topology being installed) that
   * it did not own before and whose copy here is stale.
   */
  public synchronized IntSet onOwned(IntSet segments) {
    IntSet gained = IntSets.mutableCopyFrom(segments);
    gained.removeAll(owned);
    owned = IntSets.immutableSet(IntSets.mutableCopyFrom(segments));
    NamedRingHashFactory ring = ringFactory();
    DistributionManager dm = ComponentRegistry.of(cache).getDistributionManager();
    if (ring == null || dm == null || gained.isEmpty()) return IntSets.immutableEmptySet();
    CacheTopology topology = dm.getCacheTopology();
    ConsistentHash current = topology == null ? null : topology.getCurrentCH();
    // only a segment another member owns now is transferred; the first member receives nothing
    if (marker != null && transferred(gained, current, self())) marker.onGained();
    StaleMap known = marker == null || !marker.stableSeen() ? atStart : StaleMap.EMPTY;
    int numOwners = cache.getCacheConfiguration().clustering().hash().numOwners();
    return stale(gained, current, numOwners, ring, self(), known);
  }

  /**
   * Gained segments to drop: those {@code known} marks stale here, and those that a live owner in
   * {@code current} (null: none) owns in the complete ring too, with a copy {@code known} does not
   * mark stale.
   */
  static IntSet stale(
      IntSet gained,
      ConsistentHash current,
      int numOwners,
      NamedRingHashFactory ring,
      Address me,
      StaleMap known) {
    IntSet stale = IntSets.mutableEmptySet();
    for (int s : gained) {
      if (known.stale(me.toString(), s)) {
        stale.set(s);
        continue;
      }
      List<Address> owners = current == null ? List.of() : current.locateOwnersForSegment(s);
      for (Address o : owners) {
        String name = o.toString();
        if (!o.equals(me) && ring.idealOwner(name, s, numOwners) && !known.stale(name, s)) {
          stale.set(s);
          break;
        }
      }
    }
    return stale;
  }

  /**
   * True if some segment of {@code gained} has an owner other than {@code me} in {@code current}.
   */
  static boolean transferred(IntSet gained, ConsistentHash current, Address me) {
    if (current == null) return false;
    for (int s : gained) {
      for (Address o : current.locateOwnersForSegment(s)) if (!o.equals(me)) return true;
    }
    return false;
  }

  private NamedRingHashFactory ringFactory() {
    return NamedRingHashFactory.of(cache);
  }

  private Address self() {
    return cache.getCacheManager().getAddress();
  }
}

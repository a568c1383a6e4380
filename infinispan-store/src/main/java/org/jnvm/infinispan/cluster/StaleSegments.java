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
 * <p>Limit: the rule trusts a complete-ring owner's heap to be current. A node that was still down
 * (or rejoining) when the whole cluster died holds a stale heap; restart it after one of its ring
 * neighbours (docs/server.md).
 */
public final class StaleSegments {
  /**
   * Set by the launcher on a node whose heap another node's {@link RestartLedger} marks stale (or
   * that was receiving segments when it stopped): until it has been part of a stable topology,
   * every segment it gains is dropped and comes from the live owners.
   */
  public static final String STALE_PROPERTY = "jnvm.cluster.stale";

  private final Cache<?, ?> cache;
  private final StaleMarker marker;
  private final boolean staleStart = Boolean.getBoolean(STALE_PROPERTY);
  private IntSet owned = IntSets.immutableEmptySet();

  public StaleSegments(Cache<?, ?> cache, StaleMarker marker) {
    this.cache = cache;
    this.marker = marker;
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
    if (marker != null) marker.onGained();
    if (staleStart && (marker == null || !marker.stableSeen())) return gained;
    CacheTopology topology = dm.getCacheTopology();
    if (topology == null || topology.getCurrentCH() == null) return IntSets.immutableEmptySet();
    int numOwners = cache.getCacheConfiguration().clustering().hash().numOwners();
    return stale(gained, topology.getCurrentCH(), numOwners, ring, self());
  }

  /** Gained segments that a live owner in {@code current} owns in the complete ring too. */
  static IntSet stale(
      IntSet gained, ConsistentHash current, int numOwners, NamedRingHashFactory ring, Address me) {
    IntSet stale = IntSets.mutableEmptySet();
    for (int s : gained) {
      List<Address> owners = current.locateOwnersForSegment(s);
      for (Address o : owners) {
        if (!o.equals(me) && ring.idealOwner(o.toString(), s, numOwners)) {
          stale.set(s);
          break;
        }
      }
    }
    return stale;
  }

  private NamedRingHashFactory ringFactory() {
    return NamedRingHashFactory.of(cache);
  }

  private Address self() {
    return cache.getCacheManager().getAddress();
  }
}

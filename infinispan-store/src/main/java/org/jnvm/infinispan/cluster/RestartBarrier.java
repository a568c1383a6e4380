package org.jnvm.infinispan.cluster;

import java.util.Arrays;
import java.util.BitSet;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.IntPredicate;
import org.infinispan.Cache;
import org.infinispan.distribution.DistributionManager;
import org.infinispan.distribution.LocalizedCacheTopology;
import org.infinispan.factories.ComponentRegistry;
import org.infinispan.partitionhandling.AvailabilityMode;
import org.infinispan.persistence.spi.PersistenceException;
import org.infinispan.remoting.transport.Address;
import org.infinispan.topology.CacheTopology;

/**
 * The first phase of a whole-cluster restart, on a node whose heap is current: until every node
 * whose heap is current ({@value #TRUSTED_PROPERTY}, set by the launcher from the nodes' {@link
 * RestartLedger}s) is in a stable topology of the cache, this node may own segments its heap does
 * not hold (the first node to start owns them all). Meanwhile the store answers:
 *
 * <ul>
 *   <li>a read of a segment its heap held nothing of at start, or held a stale copy of ({@link
 *       StaleSegments#STALE_PROPERTY}): an error, not "absent" (another current heap may hold the
 *       key);
 *   <li>a removal, or a transaction: an error (the key may be in another current heap, which would
 *       keep it);
 *   <li>a write to a segment this node reads from (it owns it in the current topology): an error.
 *       Such a write comes from a client; applied, it would either be lost (its segment's current
 *       heap joins and keeps its own copy) or mark the nodes not yet up as stale;
 *   <li>a write to a segment this node is gaining: applied (state transfer between the current
 *       heaps writes through it), and no node is marked stale for it;
 *   <li>an iteration (state transfer's source): what the heap holds.
 * </ul>
 *
 * Once every trusted node is a member of a stable, available topology, the barrier opens for good.
 *
 * <p>One refusal outlives it: a segment this node owns only as a filler (it is not one of its
 * complete-ring owners, and owns it because they are not all up) and held nothing of at start was
 * never transferred to it: the first node up owns every segment from the start. Its copy has only
 * the writes made since; a key it does not find may be in the ring owner's heap. Such a miss is an
 * error, not "absent", until the segment leaves this node ({@link #onRemoved}); a rebalance that
 * gives it back transfers it.
 */
public final class RestartBarrier {
  /** The nodes whose heaps are current, comma-separated: the restart's first phase. */
  public static final String TRUSTED_PROPERTY = "jnvm.cluster.trusted";

  private final Cache<?, ?> cache;
  private final Set<String> trusted;
  private final BitSet heldAtStart;
  private final BitSet emptyFillers;
  private volatile boolean open;

  private RestartBarrier(
      Cache<?, ?> cache, Set<String> trusted, BitSet heldAtStart, BitSet emptyFillers) {
    this.cache = cache;
    this.trusted = Set.copyOf(trusted);
    this.heldAtStart = heldAtStart;
    this.emptyFillers = emptyFillers;
  }

  /**
   * The barrier of a store that holds entries in the segments {@code held} accepts (of {@code
   * segments}), or null when no restart phase is configured.
   */
  public static RestartBarrier of(Cache<?, ?> cache, int segments, IntPredicate held) {
    String v = System.getProperty(TRUSTED_PROPERTY, "").trim();
    if (v.isEmpty()) return null;
    Address me = cache.getCacheManager().getAddress();
    StaleMap known = me == null ? StaleMap.EMPTY : StaleSegments.atStart(me.toString());
    BitSet b = new BitSet(segments);
    for (int s = 0; s < segments; s++) {
      if (held.test(s) && (me == null || !known.stale(me.toString(), s))) b.set(s);
    }
    Set<String> t = new HashSet<>(Arrays.asList(v.split(",")));
    t.removeIf(String::isBlank);
    return new RestartBarrier(cache, t, b, emptyFillers(cache, segments, b, me));
  }

  /** Segments not held at start whose complete-ring owners do not include this node. */
  private static BitSet emptyFillers(Cache<?, ?> cache, int segments, BitSet held, Address me) {
    BitSet out = new BitSet(segments);
    NamedRingHashFactory ring = NamedRingHashFactory.of(cache);
    if (ring == null || me == null) return out;
    int owners = cache.getCacheConfiguration().clustering().hash().numOwners();
    for (int s = 0; s < segments; s++) {
      if (!held.get(s) && !ring.idealOwner(me.toString(), s, owners)) out.set(s);
    }
    return out;
  }

  /** True once every trusted node is a member of a stable, available topology. */
  public boolean open() {
    if (open) return true;
    DistributionManager dm = ComponentRegistry.of(cache).getDistributionManager();
    LocalizedCacheTopology t = dm == null ? null : dm.getCacheTopology();
    if (t == null || t.getPhase() != CacheTopology.Phase.NO_REBALANCE) return false;
    if (cache.getAdvancedCache().getAvailability() != AvailabilityMode.AVAILABLE) return false;
    Set<String> present = new HashSet<>();
    for (Address a : t.getActualMembers()) present.add(a.toString());
    if (!present.containsAll(trusted)) return false;
    open = true;
    return true;
  }

  /** Before a read of {@code segment}: refused while closed if the heap held no current copy. */
  public void beforeRead(int segment) {
    if (!open() && !heldAtStart.get(segment)) throw closed("a read of segment " + segment);
  }

  /** A read of {@code segment} found nothing: an error if this copy cannot know (class doc). */
  public void onMiss(int segment) {
    boolean unknown;
    synchronized (emptyFillers) {
      unknown = emptyFillers.get(segment);
    }
    if (!unknown) return;
    throw new PersistenceException(
        "jnvm-store: segment "
            + segment
            + " is owned here only while its ring owners are away, and this heap held none of it"
            + " when the cluster restarted: a key not found here may be in their heaps; read it"
            + " through them (docs/server.md)");
  }

  /** Segments left this node: a later gain transfers them (see the class doc). */
  public void onRemoved(Iterable<Integer> segments) {
    synchronized (emptyFillers) {
      for (int s : segments) emptyFillers.clear(s);
    }
  }

  /**
   * A topology giving this node {@code owned} is about to be installed: the segments it gains (it
   * does not own them in the installed topology) that other members own there are transferred from
   * them, so a miss there is a plain miss. (The first node up has no installed topology: it gains
   * every segment from nobody.)
   */
  public void onOwned(Iterable<Integer> owned) {
    DistributionManager dm = ComponentRegistry.of(cache).getDistributionManager();
    LocalizedCacheTopology t = dm == null ? null : dm.getCacheTopology();
    if (t == null || t.getCurrentCH() == null) return;
    Address me = cache.getCacheManager().getAddress();
    synchronized (emptyFillers) {
      for (int s : owned) {
        if (!emptyFillers.get(s)) continue;
        List<Address> before = t.getCurrentCH().locateOwnersForSegment(s);
        // gained (not owned here before) from a member that owned it: state transfer fills it
        if (!before.contains(me) && !before.isEmpty()) emptyFillers.clear(s);
      }
    }
  }

  /**
   * Before a write to {@code segment}: refused while closed if this node reads the segment (a
   * client's write; state transfer writes only to segments being gained). Returns true while
   * closed: the write is state transfer's, and marks no node stale.
   */
  public boolean beforeWrite(int segment) {
    if (open()) return false;
    DistributionManager dm = ComponentRegistry.of(cache).getDistributionManager();
    LocalizedCacheTopology t = dm == null ? null : dm.getCacheTopology();
    if (t == null || t.isSegmentReadOwner(segment)) throw closed("a write to segment " + segment);
    return true;
  }

  /** Before a removal or a transaction: refused while closed. */
  public void beforeRemoval() {
    if (!open()) throw closed("a removal or a transaction");
  }

  private PersistenceException closed(String what) {
    List<String> waiting = trusted.stream().sorted().toList();
    return new PersistenceException(
        "jnvm-store: whole-cluster restart in progress, "
            + what
            + " waits until every node with a current heap has joined: "
            + waiting
            + " (docs/server.md)");
  }
}

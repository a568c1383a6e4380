package org.jnvm.infinispan.cluster;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.infinispan.Cache;
import org.infinispan.distribution.DistributionManager;
import org.infinispan.distribution.LocalizedCacheTopology;
import org.infinispan.distribution.ch.ConsistentHash;
import org.infinispan.factories.ComponentRegistry;
import org.infinispan.partitionhandling.AvailabilityMode;
import org.infinispan.remoting.transport.Address;
import org.infinispan.topology.CacheTopology;

/**
 * Keeps a node's {@link RestartLedger}: marks the members that miss a write, per segment, before
 * the write is applied or acknowledged, and clears them once they are back and complete.
 *
 * <ol>
 *   <li>{@link #beforeWrite}: the store calls it before it applies a write, removal or transaction
 *       to a segment. If an owner of that segment in the complete ring is not one of the segment's
 *       write owners among the topology's actual members, it will miss the write: it is marked
 *       stale, in every segment it misses in this topology that has a live write owner, and the
 *       ledger is written (forced) before the write is applied. The check costs a read of the
 *       topology and, per topology, one table of the missing owners per segment.
 *   <li>{@link #onTopologyUpdate}: the store calls it from {@code addSegments}, which Infinispan
 *       calls on every topology update before it installs the topology and before it tells its
 *       acknowledgement collectors which members left ({@code StateConsumerImpl.onTopologyUpdate},
 *       {@code CommandAckCollector.onMembersChange}). A write owner that is no longer in the
 *       cluster's view may have died with a write in flight: Infinispan then completes the write
 *       without its acknowledgement. So every write owner of the installed topology that left the
 *       view is marked stale in each segment it owned with a write owner still in the view (one
 *       that may have acknowledged without it); segments with no live write owner accepted no write
 *       and are not marked. Marked here, on every node, before any collector ignores the leaver,
 *       such a write is in some ledger before its client sees the acknowledgement.
 *   <li>In both, the segments marked that this node is a live write owner of enter the ledger's
 *       {@code holds}: this copy is current there while a complete-ring owner's is not (it may be a
 *       filler owner, which a restart would not otherwise know to start first); {@link #release}
 *       takes segments out before the store drops their copies.
 *   <li>{@link #onGained}: the store calls it when it gains segments that another member owns now
 *       (before their state transfer starts): {@code receiving} is set durably.
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
  private final MemberNames names;
  private RestartLedger ledger;
  private volatile Missing missing = Missing.NONE;
  private volatile boolean stableSeen;
  private volatile DistributionManager distribution;

  /**
   * Per topology: the complete-ring owners missing from its actual members, per segment, and per
   * missing member the segments it misses that have a live write owner (a write can reach them).
   */
  private record Missing(
      int topologyId, String[][] bySegment, Map<String, BitSet> byMember, BitSet heldHere) {
    static final Missing NONE =
        new Missing(Integer.MIN_VALUE, new String[0][], Map.of(), new BitSet());
  }

  private StaleMarker(Cache<?, ?> cache, NamedRingHashFactory ring, Path heap) {
    this.cache = cache;
    this.ring = ring;
    this.numOwners = cache.getCacheConfiguration().clustering().hash().numOwners();
    this.names = new MemberNames(ring.ring());
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
    if (segment >= m.bySegment().length) return;
    String[] absent = m.bySegment()[segment];
    if (absent.length == 0 || marked(absent, segment)) return;
    Map<String, BitSet> marks = new TreeMap<>();
    for (String a : absent) marks.put(a, m.byMember().get(a));
    mark(marks, m.heldHere());
  }

  private boolean marked(String[] absent, int segment) {
    StaleMap s = ledger().stale();
    for (String a : absent) if (!s.stale(a, segment)) return false;
    return true;
  }

  /**
   * A topology is about to be installed: marks the installed topology's write owners that left the
   * cluster's view (see the class doc). Blocking: it forces the ledger when it changes it.
   */
  public void onTopologyUpdate() {
    LocalizedCacheTopology t = topology();
    List<Address> view = cache.getCacheManager().getMembers();
    if (t == null || view == null) return;
    names.learn(view);
    BitSet held = new BitSet();
    Map<String, BitSet> marks =
        leavers(t.getWriteConsistentHash(), names(view), self(), held, names);
    if (!marks.isEmpty()) mark(marks, held);
  }

  /**
   * Per write owner of {@code writeCh} not in {@code view}: the segments it owned with another
   * write owner still in the view. Sets in {@code held} those of them {@code me} owns. A leaver
   * whose node name {@code names} does not know stands for every configured node not in the view.
   */
  static Map<String, BitSet> leavers(
      ConsistentHash writeCh, Set<String> view, String me, BitSet held, MemberNames names) {
    Map<String, BitSet> marks = new TreeMap<>();
    for (int s = 0; s < writeCh.getNumSegments(); s++) {
      Set<String> owners = names(writeCh.locateOwnersForSegment(s), names);
      Set<String> left = new TreeSet<>(owners);
      left.removeAll(view);
      if (left.isEmpty() || left.size() == owners.size()) continue;
      for (String l : left) {
        for (String n : names.configured(l) ? List.of(l) : names.absentFrom(view)) {
          marks.computeIfAbsent(n, k -> new BitSet()).set(s);
        }
      }
      if (owners.contains(me)) held.set(s);
    }
    return marks;
  }

  /** Marks {@code marks} stale and this copy current in {@code held}; forced if it changed. */
  private synchronized void mark(Map<String, BitSet> marks, BitSet held) {
    StaleMap s = ledger.stale();
    for (Map.Entry<String, BitSet> e : marks.entrySet()) s = s.with(e.getKey(), e.getValue());
    BitSet h = ledger.holds();
    h.or(held);
    if (s == ledger.stale() && h.equals(ledger.holds())) return;
    ledger = ledger.withStale(s).withHolds(h);
    ledger.write();
  }

  /**
   * This node is about to drop its copies of {@code segments} (removed, or stale): they leave
   * {@code holds} first, durably, so that no restart trusts a copy that is gone.
   */
  public synchronized void release(Iterable<Integer> segments) {
    BitSet h = ledger.holds();
    for (int s : segments) h.clear(s);
    if (h.equals(ledger.holds())) return;
    ledger = ledger.withHolds(h);
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
    names.learn(t.getActualMembers());
    names.learn(cache.getCacheManager().getMembers());
    Set<String> present = names(t.getActualMembers());
    if (!present.contains(self())) return;
    stableSeen = true;
    StaleMap s = ledger.stale().without(present);
    // every ring member back and complete: no copy is more current than another
    BitSet h = present.containsAll(ring.ring()) ? new BitSet() : ledger.holds();
    if (s == ledger.stale() && h.equals(ledger.holds()) && !ledger.receiving()) return;
    ledger = ledger.withStale(s).withHolds(h).withReceiving(false);
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
   * not among the actual members (an owner kept by a degraded topology). A segment with no write
   * owner among the actual members accepts no write: nobody misses one there.
   */
  private Missing missing(LocalizedCacheTopology t) {
    Set<String> present = names(t.getActualMembers());
    int segments = t.getNumSegments();
    String[][] by = new String[segments][];
    Map<String, BitSet> byMember = new TreeMap<>();
    BitSet heldHere = new BitSet();
    String me = self();
    for (int s = 0; s < segments; s++) {
      Set<String> reached = names(t.getSegmentDistribution(s).writeOwners());
      reached.retainAll(present);
      List<String> absent = new ArrayList<>();
      for (String name : ring.ring()) {
        if (!reached.isEmpty() && !reached.contains(name) && ring.idealOwner(name, s, numOwners)) {
          absent.add(name);
          byMember.computeIfAbsent(name, k -> new BitSet()).set(s);
        }
      }
      by[s] = absent.toArray(String[]::new);
      if (!absent.isEmpty() && reached.contains(me)) heldHere.set(s);
    }
    return new Missing(t.getTopologyId(), by, byMember, heldHere);
  }

  private String self() {
    return String.valueOf(cache.getCacheManager().getAddress());
  }

  private LocalizedCacheTopology topology() {
    DistributionManager dm = distribution;
    if (dm == null) dm = distribution = ComponentRegistry.of(cache).getDistributionManager();
    return dm == null ? null : dm.getCacheTopology();
  }

  private Set<String> names(Collection<Address> members) {
    return names(members, names);
  }

  private static Set<String> names(Collection<Address> members, MemberNames names) {
    Set<String> out = new HashSet<>();
    for (Address a : members) out.add(names.of(a));
    return out;
  }
}

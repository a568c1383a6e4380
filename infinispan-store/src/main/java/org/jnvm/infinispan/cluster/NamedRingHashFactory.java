package org.jnvm.infinispan.cluster;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import org.infinispan.distribution.ch.ConsistentHashFactory;
import org.infinispan.distribution.ch.impl.DefaultConsistentHash;
import org.infinispan.distribution.ch.impl.SyncConsistentHashFactory;
import org.infinispan.globalstate.ScopedPersistentState;
import org.infinispan.remoting.transport.Address;

/**
 * Segment owners chosen by node name on a fixed ring: the names listed in the system property
 * {@value #MEMBERS_PROPERTY} (comma-separated, the same list on every node), then any other member,
 * by name. Segment {@code s} starts at ring position {@code s mod ring size}; its owners are the
 * first {@code numOwners} members present walking the ring from there.
 *
 * <p>Why: a node keeps its entries in its own heap, and Infinispan's default factory places
 * segments by the members' addresses, which are new at every start. After every node of a cluster
 * died, the restarted cluster would put segments on nodes whose heaps do not hold them, and delete
 * them from the heaps that do as ownership moves: acknowledged writes lost (12% of them in a 3-node
 * test). With owners chosen by name:
 *
 * <ul>
 *   <li>Invariant: a present node that is one of a segment's owners in the full ring is one of its
 *       owners in every subset of the members that contains it (the present nodes ahead of it on
 *       the ring are a subset of the full ring's). So while a cluster restarts, in any order, no
 *       node loses, and deletes, a segment it owns in the complete cluster.
 *   <li>Once every node is back, each segment is on the nodes that owned it before: the heaps that
 *       hold it.
 * </ul>
 *
 * Capacity factors are ignored: every node carries the same share.
 */
public final class NamedRingHashFactory implements ConsistentHashFactory<DefaultConsistentHash> {
  public static final String MEMBERS_PROPERTY = "jnvm.cluster.members";

  private final List<String> ring;

  public NamedRingHashFactory() {
    this(configuredRing());
  }

  NamedRingHashFactory(List<String> ring) {
    this.ring = List.copyOf(ring);
  }

  /** The factory of {@code cache}'s configuration, or null when its owners are not named. */
  static NamedRingHashFactory of(org.infinispan.Cache<?, ?> cache) {
    ConsistentHashFactory<?> f =
        cache.getCacheConfiguration().clustering().hash().consistentHashFactory();
    return f instanceof NamedRingHashFactory r ? r : null;
  }

  static List<String> configuredRing() {
    String v = System.getProperty(MEMBERS_PROPERTY, "").trim();
    if (v.isEmpty()) return List.of();
    return Arrays.stream(v.split(",")).map(String::trim).filter(s -> !s.isEmpty()).toList();
  }

  @Override
  public DefaultConsistentHash create(
      int numOwners, int numSegments, List<Address> members, Map<Address, Float> capacity) {
    return new DefaultConsistentHash(
        numOwners, numSegments, members, capacity, ideal(numOwners, numSegments, members));
  }

  /**
   * Members leave: each segment keeps its remaining owners; a segment left without one gets its
   * ideal owners among the remaining members (its data is lost either way, but it must be owned).
   */
  @Override
  public DefaultConsistentHash updateMembers(
      DefaultConsistentHash base, List<Address> newMembers, Map<Address, Float> capacity) {
    int segments = base.getNumSegments();
    List<Address>[] ideal = ideal(base.getNumOwners(), segments, newMembers);
    @SuppressWarnings("unchecked")
    List<Address>[] owners = new List[segments];
    for (int s = 0; s < segments; s++) {
      List<Address> kept = new ArrayList<>(base.locateOwnersForSegment(s));
      kept.retainAll(newMembers);
      owners[s] = kept.isEmpty() ? ideal[s] : kept;
    }
    return new DefaultConsistentHash(base.getNumOwners(), segments, newMembers, capacity, owners);
  }

  @Override
  public DefaultConsistentHash rebalance(DefaultConsistentHash base) {
    DefaultConsistentHash ideal =
        create(
            base.getNumOwners(),
            base.getNumSegments(),
            base.getMembers(),
            base.getCapacityFactors());
    return ideal.equals(base) ? base : ideal;
  }

  @Override
  public DefaultConsistentHash union(DefaultConsistentHash a, DefaultConsistentHash b) {
    return a.union(b);
  }

  @Override
  public DefaultConsistentHash fromPersistentState(ScopedPersistentState state) {
    return new SyncConsistentHashFactory().fromPersistentState(state);
  }

  /** Segment {@code s}'s owners: the first {@code numOwners} present walking the ring from s. */
  List<Address>[] ideal(int numOwners, int numSegments, List<Address> members) {
    List<Address> order = ringOrder(members);
    int[] positions = order.stream().mapToInt(this::position).toArray();
    @SuppressWarnings("unchecked")
    List<Address>[] owners = new List[numSegments];
    int want = Math.min(numOwners, order.size());
    for (int s = 0; s < numSegments; s++) {
      int first = ring.isEmpty() ? s % order.size() : firstAtOrAfter(positions, s % ring.size());
      List<Address> o = new ArrayList<>(want);
      for (int i = 0; o.size() < want; i++) {
        o.add(order.get((first + i) % order.size()));
      }
      owners[s] = o;
    }
    return owners;
  }

  /** The members in ring order: configured names by their place, the others after, by name. */
  List<Address> ringOrder(List<Address> members) {
    List<Address> order = new ArrayList<>(members);
    order.sort(Comparator.comparingInt(this::position).thenComparing(Address::toString));
    return order;
  }

  private int position(Address a) {
    int i = ring.indexOf(a.toString());
    return i >= 0 ? i : ring.size();
  }

  /** Index in {@code positions} (ascending) of the first member at ring position >= start. */
  private static int firstAtOrAfter(int[] positions, int start) {
    for (int i = 0; i < positions.length; i++) {
      if (positions[i] >= start) return i;
    }
    return 0;
  }

  /**
   * True if the node named {@code name} owns {@code segment} when every configured node is present:
   * its heap then holds the segment whenever that node has been up.
   */
  public boolean idealOwner(String name, int segment, int numOwners) {
    int at = ring.indexOf(name);
    if (at < 0) return false;
    int n = ring.size();
    int distance = Math.floorMod(at - segment % n, n);
    return distance < Math.min(numOwners, n);
  }

  /** The configured ring (marshalled with the factory: joiners must agree on it). */
  List<String> ring() {
    return ring;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof NamedRingHashFactory f && f.ring.equals(ring);
  }

  @Override
  public int hashCode() {
    return ring.hashCode();
  }

  @Override
  public String toString() {
    return "NamedRingHashFactory" + ring;
  }
}

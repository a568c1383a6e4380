package org.jnvm.infinispan.cluster;

import static org.testng.Assert.assertEquals;
import static org.testng.Assert.assertFalse;
import static org.testng.Assert.assertNotEquals;
import static org.testng.Assert.assertTrue;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.infinispan.commons.util.IntSet;
import org.infinispan.commons.util.IntSets;
import org.infinispan.distribution.ch.impl.DefaultConsistentHash;
import org.infinispan.protostream.ProtobufUtil;
import org.infinispan.protostream.SerializationContext;
import org.infinispan.remoting.transport.Address;
import org.testng.annotations.Test;

public class NamedRingHashFactoryTest {
  static final List<String> RING = List.of("n0", "n1", "n2", "n3", "n4");
  static final int SEGMENTS = 256;

  /** An address that prints as its node name, as JGroups addresses do. */
  record Named(String name) implements Address {
    @Override
    public int compareTo(Address o) {
      return name.compareTo(o.toString());
    }

    @Override
    public String toString() {
      return name;
    }
  }

  static List<Address> members(String... names) {
    List<Address> m = new ArrayList<>();
    for (String n : names) m.add(new Named(n));
    return m;
  }

  @Test
  public void theCompleteRingGivesEachSegmentItsIdealOwners() {
    NamedRingHashFactory f = new NamedRingHashFactory(RING);
    DefaultConsistentHash ch = f.create(2, SEGMENTS, members("n3", "n0", "n4", "n1", "n2"), null);
    for (int s = 0; s < SEGMENTS; s++) {
      List<Address> owners = ch.locateOwnersForSegment(s);
      assertEquals(owners.size(), 2);
      for (String n : RING) {
        assertEquals(
            owners.contains(new Named(n)), f.idealOwner(n, s, 2), "segment " + s + " " + n);
      }
    }
  }

  /**
   * The invariant a whole-cluster restart relies on: in every subset of the ring, each present node
   * owns every segment it owns in the complete ring (so no restart order deletes them).
   */
  @Test
  public void aNodeKeepsItsIdealSegmentsInEverySubsetOfTheRing() {
    NamedRingHashFactory f = new NamedRingHashFactory(RING);
    for (int mask = 1; mask < (1 << RING.size()); mask++) {
      List<Address> present = new ArrayList<>();
      for (int i = 0; i < RING.size(); i++) {
        if ((mask & (1 << i)) != 0) present.add(new Named(RING.get(i)));
      }
      DefaultConsistentHash ch = f.create(2, SEGMENTS, present, null);
      for (Address a : present) {
        for (int s = 0; s < SEGMENTS; s++) {
          if (f.idealOwner(a.toString(), s, 2)) {
            assertTrue(ch.isSegmentLocalToNode(a, s), a + " lost segment " + s + " in " + present);
          }
        }
      }
    }
  }

  @Test
  public void leaversAreDroppedWithoutMovingTheOtherOwners() {
    NamedRingHashFactory f = new NamedRingHashFactory(RING);
    DefaultConsistentHash full = f.create(2, SEGMENTS, members("n0", "n1", "n2", "n3", "n4"), null);
    DefaultConsistentHash after = f.updateMembers(full, members("n0", "n1", "n3", "n4"), null);
    for (int s = 0; s < SEGMENTS; s++) {
      List<Address> kept = new ArrayList<>(full.locateOwnersForSegment(s));
      kept.remove(new Named("n2"));
      assertEquals(after.locateOwnersForSegment(s), kept, "segment " + s);
    }
    DefaultConsistentHash rebalanced = f.rebalance(after);
    assertNotEquals(rebalanced, after, "the rebalance restores two owners");
    assertTrue(rebalanced.locateOwnersForSegment(2).contains(new Named("n3")), "n2's successor");
  }

  @Test
  public void unknownNodesFollowTheConfiguredOnesByName() {
    NamedRingHashFactory f = new NamedRingHashFactory(List.of("a", "b"));
    assertEquals(
        f.ringOrder(members("z", "b", "x", "a")).toString(), "[a, b, x, z]", "configured first");
    assertFalse(f.idealOwner("x", 0, 2), "an unknown node is nobody's ideal owner");
  }

  @Test
  public void factoriesAgreeOnlyOnTheSameRingAndSurviveMarshalling() throws Exception {
    NamedRingHashFactory f = new NamedRingHashFactory(RING);
    assertEquals(f, new NamedRingHashFactory(List.copyOf(RING)));
    assertNotEquals(f, new NamedRingHashFactory(List.of("n0", "n1")));
    SerializationContext ctx = ProtobufUtil.newSerializationContext();
    new ClusterSerialization().registerSchema(ctx);
    new ClusterSerialization().registerMarshallers(ctx);
    byte[] bytes = ProtobufUtil.toWrappedByteArray(ctx, f);
    assertEquals(ProtobufUtil.fromWrappedByteArray(ctx, bytes), f);
  }

  @Test
  public void aGainedSegmentIsStaleOnlyWhenALiveOwnerOwnsItInTheCompleteRing() {
    NamedRingHashFactory f = new NamedRingHashFactory(List.of("n0", "n1", "n2"));
    Named n1 = new Named("n1");
    // n1 rejoins a running cluster: n0 and n2 own everything between them
    DefaultConsistentHash running = f.create(2, 6, members("n0", "n2"), null);
    IntSet all = IntSets.immutableRangeSet(6);
    IntSet stale = StaleSegments.stale(all, running, 2, f, n1, StaleMap.EMPTY);
    // segments 0,3 ideal {n0,n1}; 1,4 ideal {n1,n2}; 2,5 ideal {n2,n0}: a live ideal owner each
    assertEquals(new HashSet<>(stale), new HashSet<>(all));
    // the first node of a restarted cluster: nobody else holds any segment
    DefaultConsistentHash alone = f.create(2, 6, members("n1"), null);
    assertTrue(StaleSegments.stale(all, alone, 2, f, n1, StaleMap.EMPTY).isEmpty());
    // n1 joins n0 alone: only n0's ideal segments (0,3 and 2,5) are n0's to give
    DefaultConsistentHash withN0 = f.create(2, 6, members("n0"), null);
    assertEquals(
        new HashSet<>(StaleSegments.stale(all, withN0, 2, f, n1, StaleMap.EMPTY)),
        Set.of(0, 2, 3, 5));
  }

  @Test
  public void afterAWholeRestartTheLedgersDecideWhichCopyOfAGainedSegmentIsKept() {
    NamedRingHashFactory f = new NamedRingHashFactory(List.of("n0", "n1", "n2"));
    Named n1 = new Named("n1");
    IntSet all = IntSets.immutableRangeSet(6);
    // the ledgers: n0 missed writes to segment 0 (ideal {n0,n1}), n1 missed writes to 4 ({n1,n2})
    StaleMap known = StaleMap.parse("n0:0;n1:4");
    // n1 joins n0: segment 0's live ideal owner n0 is stale there, so n1 keeps its copy of 0;
    // 3 ({n0,n1}) comes from n0; 2 and 5 ({n2,n0}) from n0; 4, stale here, is dropped
    DefaultConsistentHash withN0 = f.create(2, 6, members("n0"), null);
    assertEquals(
        Set.of(2, 3, 4, 5), new HashSet<>(StaleSegments.stale(all, withN0, 2, f, n1, known)));
    // n1 first up: it drops only its own stale copy (4), whoever else is down
    DefaultConsistentHash alone = f.create(2, 6, members("n1"), null);
    assertEquals(Set.of(4), new HashSet<>(StaleSegments.stale(all, alone, 2, f, n1, known)));
    // the first format's "stale=true": every segment of this node
    assertEquals(
        new HashSet<>(all),
        new HashSet<>(StaleSegments.stale(all, alone, 2, f, n1, StaleMap.EMPTY.withAll("n1"))));
  }

  @Test
  public void membersThatLeftAreMarkedWhereALiveWriteOwnerMayHaveAcknowledgedWithoutThem() {
    NamedRingHashFactory f = new NamedRingHashFactory(List.of("n0", "n1", "n2"));
    // 6 segments: {0,3} owned by n0+n1, {1,4} by n1+n2, {2,5} by n2+n0
    DefaultConsistentHash all = f.create(2, 6, members("n0", "n1", "n2"), null);
    MemberNames names = new MemberNames(f.ring());
    BitSet held = new BitSet();
    // n0 died: marked where n1 or n2 went on; n2 holds the current copies of {2,5}
    Map<String, BitSet> m = StaleMarker.leavers(all, Set.of("n1", "n2"), "n2", held, names);
    assertEquals(m.keySet(), Set.of("n0"));
    assertEquals(m.get("n0"), bits(0, 2, 3, 5));
    assertEquals(held, bits(2, 5));
    // n0 and n1 died at once: {0,3} lost every owner and accepted no write: nobody marked there
    held.clear();
    m = StaleMarker.leavers(all, Set.of("n2"), "n2", held, names);
    assertEquals(m.get("n0"), bits(2, 5));
    assertEquals(m.get("n1"), bits(1, 4));
    assertEquals(held, bits(1, 2, 4, 5));
    // nobody left: nothing
    assertTrue(
        StaleMarker.leavers(all, Set.of("n0", "n1", "n2"), "n0", new BitSet(), names).isEmpty());
  }

  /** An address that prints its node name until the transport forgets it, then a UUID. */
  static final class Forgetful implements Address {
    private final String name;
    private volatile boolean forgotten;

    Forgetful(String name) {
      this.name = name;
    }

    void forget() {
      forgotten = true;
    }

    @Override
    public int compareTo(Address o) {
      return toString().compareTo(o.toString());
    }

    @Override
    public String toString() {
      return forgotten ? "4eba05e6-4878-48a9-89b7-" + name.hashCode() : name;
    }
  }

  @Test
  public void aLeaverWhoseAddressNoLongerPrintsItsNameIsMarkedUnderItsName() {
    NamedRingHashFactory f = new NamedRingHashFactory(List.of("n0", "n1", "n2"));
    Forgetful n0 = new Forgetful("n0");
    List<Address> members = List.of(n0, new Named("n1"), new Named("n2"));
    DefaultConsistentHash all = f.create(2, 6, members, null);
    MemberNames names = new MemberNames(f.ring());
    names.learn(members);
    n0.forget(); // it left the view: the transport dropped its logical name
    BitSet held = new BitSet();
    Map<String, BitSet> m = StaleMarker.leavers(all, Set.of("n1", "n2"), "n2", held, names);
    assertEquals(m.keySet(), Set.of("n0"));
    assertEquals(m.get("n0"), bits(0, 2, 3, 5));
    // never seen by name (it joined and left between two looks): every configured node that is
    // not in the view is marked where the unknown leaver was a write owner
    Forgetful n1 = new Forgetful("n1");
    List<Address> again = List.of(new Named("n0"), n1, new Named("n2"));
    DefaultConsistentHash ch = f.create(2, 6, again, null);
    n1.forget();
    m = StaleMarker.leavers(ch, Set.of("n2"), "n2", new BitSet(), new MemberNames(f.ring()));
    assertEquals(m.keySet(), Set.of("n0", "n1"));
    assertEquals(m.get("n1"), bits(1, 4), "n1's segments with a live owner, as n1 and as n0");
    assertEquals(m.get("n0"), bits(1, 2, 4, 5));
  }

  private static BitSet bits(int... s) {
    BitSet b = new BitSet();
    for (int i : s) b.set(i);
    return b;
  }
}

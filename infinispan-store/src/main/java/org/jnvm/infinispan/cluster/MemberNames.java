package org.jnvm.infinispan.cluster;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.infinispan.remoting.transport.Address;

/**
 * The configured node names of cluster addresses, remembered. An address prints its node name only
 * while the transport still knows it: once a member has left the view, its address may print as a
 * bare UUID, and a restart ledger that marked that UUID stale would have marked nobody. So every
 * name seen while its member was present is kept here (an address is one incarnation of a node: the
 * mapping never changes), and a leaver whose name was never seen is reported as unknown.
 */
final class MemberNames {
  private final List<String> ring;
  private final Map<Address, String> known = new ConcurrentHashMap<>();

  MemberNames(List<String> ring) {
    this.ring = List.copyOf(ring);
  }

  /** {@code a}'s node name if it is, or was seen as, a configured node; else what it prints. */
  String of(Address a) {
    String s = a.toString();
    if (ring.contains(s)) {
      known.putIfAbsent(a, s);
      return s;
    }
    String k = known.get(a);
    return k != null ? k : s;
  }

  /** Remembers the names of {@code members} while they are present. */
  void learn(Collection<Address> members) {
    if (members != null) for (Address a : members) of(a);
  }

  /** The configured nodes whose names are not in {@code view}. */
  List<String> absentFrom(Set<String> view) {
    return ring.stream().filter(n -> !view.contains(n)).toList();
  }

  /** True if {@code name} is a configured node's name. */
  boolean configured(String name) {
    return ring.contains(name);
  }
}

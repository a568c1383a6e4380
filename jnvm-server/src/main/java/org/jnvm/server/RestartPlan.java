package org.jnvm.server;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * Which heaps of a cluster are current, from the restart ledgers the store keeps beside them
 * ({@code HEAP.ledger}: {@code stale=} the ring members a node saw miss a write, {@code receiving=}
 * whether it was gaining segments; infinispan-store's {@code RestartLedger}), and what that means
 * for a node about to start:
 *
 * <ul>
 *   <li>a node that some ledger marks stale, or that was receiving, is <b>untrusted</b>: it starts
 *       with {@code -Djnvm.cluster.stale=true} (it drops every segment it gains and takes the live
 *       owners' copy) and, while the cluster has trusted nodes not yet up, it waits for them;
 *   <li>the others are <b>trusted</b>; when no node runs (a whole-cluster restart), each starts
 *       with {@code -Djnvm.cluster.trusted=...}: its store refuses what another current heap could
 *       contradict until they have all joined (infinispan-store's {@code RestartBarrier});
 *   <li>a whole-cluster restart is refused when some segment's owners in the complete ring are all
 *       untrusted: its newest copy may be in no trusted heap ({@code --trust-all} overrides).
 * </ul>
 */
record RestartPlan(List<String> ring, Set<String> untrusted, Set<String> running, int owners) {

  /** The plan for {@code spec}'s cluster as its heaps and running nodes are now. */
  static RestartPlan of(ClusterSpec spec) {
    List<String> ring = spec.nodes().stream().map(NodeSpec::name).toList();
    Set<String> untrusted = new TreeSet<>();
    Set<String> running = new TreeSet<>();
    for (NodeSpec n : spec.nodes()) {
      Path heap = n.heap(spec.heapDir());
      Ledger l = Ledger.read(heap);
      untrusted.addAll(l.stale());
      if (l.receiving()) untrusted.add(n.name());
      if (NodeProcess.locked(n.root(spec.dir()))) running.add(n.name());
    }
    untrusted.retainAll(ring);
    return new RestartPlan(ring, untrusted, running, spec.owners());
  }

  /** The nodes whose heaps are current. */
  Set<String> trusted() {
    Set<String> t = new LinkedHashSet<>(ring);
    t.removeAll(untrusted);
    return t;
  }

  /** True if no node of the cluster runs: the start is a whole-cluster restart. */
  boolean wholeRestart() {
    return running.isEmpty();
  }

  /**
   * The ring positions (segments start at position {@code s mod ring size}) whose owners in the
   * complete ring are all untrusted: their newest copy may be in no trusted heap.
   */
  List<String> uncovered() {
    List<String> out = new ArrayList<>();
    int n = ring.size();
    int k = Math.min(owners, n);
    for (int p = 0; p < n; p++) {
      List<String> window = new ArrayList<>();
      for (int i = 0; i < k; i++) window.add(ring.get((p + i) % n));
      if (untrusted.containsAll(window)) out.add(String.join("+", window));
    }
    return out;
  }

  /** The nodes in the order a launcher starts them: trusted first, each group in ring order. */
  List<Integer> startOrder(List<Integer> which) {
    List<Integer> out = new ArrayList<>();
    for (int i : which) if (!untrusted.contains(ring.get(i))) out.add(i);
    for (int i : which) if (untrusted.contains(ring.get(i))) out.add(i);
    return out;
  }

  /** What a node's ledger says, read as the store writes it. */
  record Ledger(Set<String> stale, boolean receiving) {
    static Ledger read(Path heap) {
      Path f = heap.resolveSibling(heap.getFileName() + ".ledger");
      String text;
      try {
        text = Files.readString(f, StandardCharsets.UTF_8);
      } catch (NoSuchFileException e) {
        return new Ledger(Set.of(), false);
      } catch (IOException e) {
        throw new UncheckedIOException("cannot read the restart ledger " + f + ": " + e, e);
      }
      Set<String> stale = new TreeSet<>();
      boolean receiving = false;
      for (String line : text.split("\n")) {
        if (line.startsWith("stale=") && line.length() > 6) {
          stale.addAll(Arrays.asList(line.substring(6).trim().split(",")));
        } else if (line.startsWith("receiving=")) {
          receiving = Boolean.parseBoolean(line.substring(10).trim());
        }
      }
      return new Ledger(stale, receiving);
    }
  }
}

package org.jnvm.server;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Which copies of a cluster's segments are current, from the restart ledgers the store keeps beside
 * the heaps ({@code HEAP.ledger}: {@code stale.NODE=} the segments a node saw NODE miss a write to,
 * {@code holds=} the segments whose current copy the node kept while an owner's was stale, {@code
 * receiving=} whether it was gaining segments; infinispan-store's {@code RestartLedger}), and what
 * that means for a node about to start. Segment {@code s}'s owners in the complete ring are the
 * {@code owners} nodes from ring position {@code s mod ring size}.
 *
 * <ul>
 *   <li>a node stale in a segment <b>waits</b> until every co-owner of that segment whose copy is
 *       current serves, or, when there is none, every node that holds a current copy of it (a
 *       filler owner while the owners were away; {@link #waitFor}): Infinispan's state transfer
 *       copies a segment from the owners already up to the ones that join, never back, so a current
 *       copy must be up before a stale one joins. Every node starts with the union of the ledgers
 *       ({@code -Djnvm.cluster.stale=...}): it drops the segments it gains whose copy is stale
 *       here, and keeps those whose other live owners are stale (infinispan-store's {@code
 *       StaleSegments});
 *   <li>a node stale in every segment (a first-format ledger, or one that was receiving) is
 *       <b>untrusted</b>; the others are <b>trusted</b>: they hold the current copy of some
 *       segment. When no node runs (a whole-cluster restart), each trusted node starts with {@code
 *       -Djnvm.cluster.trusted=...}: its store refuses what another current copy could contradict
 *       until they have all joined (infinispan-store's {@code RestartBarrier});
 *   <li>a whole-cluster restart is refused when every complete-ring owner of some segment is stale
 *       in it and no node holds a current copy: its newest copy may be in no heap ({@code
 *       --trust-all} overrides), or when the waits form a cycle.
 * </ul>
 */
record RestartPlan(List<String> ring, Marks marks, Set<String> running, int owners) {

  /** The plan for {@code spec}'s cluster as its heaps and running nodes are now. */
  static RestartPlan of(ClusterSpec spec) {
    List<String> ring = spec.nodes().stream().map(NodeSpec::name).toList();
    Marks marks = new Marks(new TreeMap<>(), new TreeSet<>(), new TreeMap<>(), new TreeSet<>());
    Set<String> running = new TreeSet<>();
    for (NodeSpec n : spec.nodes()) {
      Ledger.read(n.heap(spec.heapDir()), n.name(), marks);
      if (NodeProcess.locked(n.root(spec.dir()))) running.add(n.name());
    }
    marks.retain(ring);
    return new RestartPlan(ring, marks, running, spec.owners());
  }

  /** The nodes stale in at least one segment. */
  Set<String> untrusted() {
    Set<String> u = new TreeSet<>(marks.all());
    u.addAll(marks.segments().keySet());
    return u;
  }

  /** The nodes whose heaps hold the current copy of some segment: all but the wholly stale. */
  Set<String> trusted() {
    Set<String> t = new LinkedHashSet<>(ring);
    t.removeAll(marks.all());
    return t;
  }

  /**
   * The running nodes whose ledgers say they are receiving segments: a state that passes once their
   * state transfer ends (the store clears it within its half-second tick), and that makes them
   * count as stale in every segment meanwhile.
   */
  Set<String> settling() {
    Set<String> out = new TreeSet<>(marks.receiving());
    out.retainAll(running);
    return out;
  }

  /** True if no node of the cluster runs: the start is a whole-cluster restart. */
  boolean wholeRestart() {
    return running.isEmpty();
  }

  /** {@code node}'s stale segments as ranges, {@code *} for all, or empty. */
  String staleOf(String node) {
    return marks.all().contains(node) ? "*" : ranges(marks.of(node));
  }

  /** The union of the ledgers, as the store's {@code jnvm.cluster.stale} property reads it. */
  String staleProperty() {
    StringBuilder out = new StringBuilder();
    for (String n : untrusted()) {
      if (out.length() > 0) out.append(';');
      out.append(n).append(':').append(staleOf(n));
    }
    return out.toString();
  }

  /**
   * The owner groups, each with the segments of it (or its ring position, when wholly stale nodes
   * make every segment there stale) whose owners in the complete ring are all stale in it.
   */
  List<String> uncovered() {
    Map<String, BitSet> by = new TreeMap<>();
    for (int s : candidates()) {
      List<String> o = ownersOf(s);
      if (o.stream().allMatch(n -> marks.stale(n, s)) && holders(s).isEmpty()) {
        by.computeIfAbsent(String.join("+", o), k -> new BitSet()).set(s);
      }
    }
    List<String> out = new ArrayList<>();
    by.forEach((group, segs) -> out.add(group + wholly(group, segs)));
    return out;
  }

  private String wholly(String group, BitSet segs) {
    boolean all = Arrays.stream(group.split("\\+")).allMatch(marks.all()::contains);
    return all ? "" : " (segments " + ranges(segs) + ")";
  }

  /** The running-or-not nodes that must serve before {@code node} starts (see the class doc). */
  Set<String> waitFor(String node) {
    Set<String> out = new TreeSet<>();
    for (int s : candidates()) {
      List<String> o = ownersOf(s);
      if (!o.contains(node) || !marks.stale(node, s)) continue;
      Set<String> current = new TreeSet<>();
      for (String other : o) if (!other.equals(node) && !marks.stale(other, s)) current.add(other);
      if (current.isEmpty()) current.addAll(holders(s));
      current.remove(node);
      out.addAll(current);
    }
    return out;
  }

  /** The nodes whose ledgers say they hold a current copy of {@code s}, unless marked stale. */
  private Set<String> holders(int s) {
    Set<String> out = new TreeSet<>();
    marks
        .holds()
        .forEach(
            (n, b) -> {
              if (b.get(s) && !marks.stale(n, s)) out.add(n);
            });
    return out;
  }

  /**
   * The nodes in the order a launcher starts them: each after those it waits for, otherwise in ring
   * order. Nodes whose waits form a cycle come last, in ring order ({@link #cycle}).
   */
  List<Integer> startOrder(List<Integer> which) {
    List<Integer> out = ordered(which);
    for (int i : which) if (!out.contains(i)) out.add(i);
    return out;
  }

  /** Nodes that wait for each other, directly or not (no order serves them), or none. */
  Set<String> cycle() {
    List<Integer> all = new ArrayList<>();
    for (int i = 0; i < ring.size(); i++) all.add(i);
    Set<String> stuck = names(all);
    stuck.removeAll(names(ordered(all)));
    return stuck;
  }

  /** Those of {@code which} that can be ordered, each after those of {@code which} it waits for. */
  private List<Integer> ordered(List<Integer> which) {
    List<Integer> out = new ArrayList<>();
    Set<String> placed = new TreeSet<>();
    boolean progress = true;
    while (progress) {
      progress = false;
      for (int i : which) {
        String n = ring.get(i);
        if (placed.contains(n)) continue;
        Set<String> w = waitFor(n);
        w.retainAll(names(which));
        w.removeAll(placed);
        if (w.isEmpty()) {
          out.add(i);
          placed.add(n);
          progress = true;
          break;
        }
      }
    }
    return out;
  }

  private Set<String> names(List<Integer> which) {
    Set<String> out = new TreeSet<>();
    for (int i : which) out.add(ring.get(i));
    return out;
  }

  /** Segment {@code s}'s owners in the complete ring. */
  private List<String> ownersOf(int s) {
    int n = ring.size();
    List<String> o = new ArrayList<>();
    for (int i = 0; i < Math.min(owners, n); i++) o.add(ring.get((s + i) % n));
    return o;
  }

  /**
   * Segments to look at: every segment a ledger names, and one per ring position (standing for the
   * segments there that only wholly stale nodes make stale: ownership depends on {@code s mod n}).
   */
  private Set<Integer> candidates() {
    Set<Integer> c = new TreeSet<>();
    for (int p = 0; p < ring.size(); p++) c.add(p);
    for (BitSet b : marks.segments().values()) b.stream().forEach(c::add);
    return c;
  }

  static String ranges(BitSet b) {
    StringBuilder out = new StringBuilder();
    for (int s = b.nextSetBit(0); s >= 0; ) {
      int end = b.nextClearBit(s) - 1;
      if (out.length() > 0) out.append(',');
      out.append(s);
      if (end > s) out.append('-').append(end);
      s = b.nextSetBit(end + 1);
    }
    return out.toString();
  }

  /**
   * Stale segments per node, the union of the ledgers ({@code all}: every segment), and the
   * segments each node's own ledger says it holds a current copy of.
   */
  record Marks(
      Map<String, BitSet> segments,
      Set<String> all,
      Map<String, BitSet> holds,
      Set<String> receiving) {
    boolean stale(String node, int segment) {
      return all.contains(node) || of(node).get(segment);
    }

    BitSet of(String node) {
      return segments.getOrDefault(node, new BitSet());
    }

    void add(String node, String ranges) {
      if (ranges.trim().equals("*")) {
        all.add(node);
        return;
      }
      addRanges(segments.computeIfAbsent(node, k -> new BitSet()), ranges);
    }

    static void addRanges(BitSet b, String ranges) {
      for (String r : ranges.split(",")) {
        String t = r.trim();
        if (t.isEmpty()) continue;
        String[] ends = t.split("-", 2);
        int from = Integer.parseInt(ends[0].trim());
        b.set(from, (ends.length > 1 ? Integer.parseInt(ends[1].trim()) : from) + 1);
      }
    }

    void retain(List<String> ring) {
      segments.keySet().retainAll(ring);
      holds.keySet().retainAll(ring);
      all.retainAll(ring);
      receiving.retainAll(ring);
      segments.keySet().removeAll(all);
    }
  }

  /** A node's ledger, read as the store writes it, added to {@code marks}. */
  static final class Ledger {
    private Ledger() {}

    static void read(Path heap, String self, Marks marks) {
      Path f = heap.resolveSibling(heap.getFileName() + ".ledger");
      String text;
      try {
        text = Files.readString(f, StandardCharsets.UTF_8);
      } catch (NoSuchFileException e) {
        return;
      } catch (IOException e) {
        throw new UncheckedIOException("cannot read the restart ledger " + f + ": " + e, e);
      }
      Set<String> named = new TreeSet<>();
      Set<String> detailed = new TreeSet<>();
      try {
        for (String line : text.split("\n")) {
          int eq = line.indexOf('=');
          if (eq < 0) continue;
          String k = line.substring(0, eq).trim();
          String v = line.substring(eq + 1).trim();
          if (k.equals("stale") && !v.isEmpty()) named.addAll(Arrays.asList(v.split(",")));
          else if (k.startsWith("stale.")) {
            detailed.add(k.substring(6));
            marks.add(k.substring(6), v);
          } else if (k.equals("holds")) {
            Marks.addRanges(marks.holds().computeIfAbsent(self, x -> new BitSet()), v);
          } else if (k.equals("receiving") && Boolean.parseBoolean(v)) {
            marks.all().add(self);
            marks.receiving().add(self);
          }
        }
      } catch (NumberFormatException e) {
        throw new IllegalStateException("restart ledger " + f + " does not parse: " + e, e);
      }
      named.removeAll(detailed);
      marks.all().addAll(named);
    }
  }
}

package org.jnvm.emulation.kill;

import java.util.ArrayList;
import java.util.List;
import org.jnvm.core.heap.Heap;
import org.jnvm.core.heap.Node;
import org.jnvm.core.pmem.Pmem;

/**
 * The kill workload's persistent list: a sentinel {@link Node} named by root {@value #ROOT}, whose
 * value is the number of the last completed operation, followed by one node per value of {@link
 * ListSchedule#expected}.
 *
 * <p>Operation {@code n}, each step durable before the next:
 *
 * <ol>
 *   <li>append: a new node is persisted, then linked from the last node; remove: the predecessor is
 *       linked past the victim, then the victim is freed (a crash before the free leaves an
 *       unreachable node, which recovery reclaims);
 *   <li>the sentinel's value becomes {@code n}.
 * </ol>
 *
 * So after a crash the counter says {@code c} and the list holds the values after {@code c} or
 * {@code c + 1} operations; {@link #recover} settles which.
 */
final class KillList {
  static final String ROOT = "kill-list";

  private final Heap heap;
  private final Node sentinel;
  private final List<Node> nodes;

  private KillList(Heap heap, Node sentinel, List<Node> nodes) {
    this.heap = heap;
    this.sentinel = sentinel;
    this.nodes = nodes;
  }

  /** Creates the sentinel (list after 0 operations) and names it. */
  static void create(Heap heap) {
    Node s = new Node(heap, 0);
    s.persist();
    heap.roots().put(ROOT, s);
  }

  /** The list of a recovered heap, with its counter brought up to date. */
  static KillList recover(Heap heap) {
    Node s = heap.roots().get(ROOT);
    if (s == null) throw new IllegalStateException("no root " + ROOT + " in " + heap.file());
    List<Node> nodes = new ArrayList<>();
    for (Node n = s.next(); n != null; n = n.next()) nodes.add(n);
    KillList list = new KillList(heap, s, nodes);
    long c = list.done();
    if (list.values().equals(ListSchedule.expected(c + 1))) list.commit(c + 1);
    else if (!list.values().equals(ListSchedule.expected(c))) {
      throw new IllegalStateException(
          "list matches neither operation " + c + " nor " + (c + 1) + ": " + list.values());
    }
    return list;
  }

  /** The number of the last completed operation. */
  long done() {
    return sentinel.value();
  }

  List<Long> values() {
    List<Long> v = new ArrayList<>(nodes.size());
    for (Node n : nodes) v.add(n.value());
    return v;
  }

  /** Performs operation {@code n} durably; the caller may acknowledge it on return. */
  void apply(long n) {
    if (ListSchedule.appends(n)) append(n);
    else remove(ListSchedule.removes(n));
    commit(n);
  }

  private void append(long v) {
    Node x = new Node(heap, v);
    x.persist();
    last().next(x);
    Pmem.psync();
    nodes.add(x);
  }

  private void remove(long v) {
    if (v == 0) return;
    int i = indexOf(v);
    Node victim = nodes.get(i);
    Node pred = i == 0 ? sentinel : nodes.get(i - 1);
    pred.next(victim.next());
    Pmem.psync();
    nodes.remove(i);
    heap.free(victim);
  }

  private void commit(long n) {
    sentinel.value(n);
    sentinel.persist();
  }

  private Node last() {
    return nodes.isEmpty() ? sentinel : nodes.get(nodes.size() - 1);
  }

  private int indexOf(long v) {
    for (int i = 0; i < nodes.size(); i++) {
      if (nodes.get(i).value() == v) return i;
    }
    throw new IllegalStateException("value to remove is not in the list: " + v + " " + values());
  }
}

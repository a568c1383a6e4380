package org.jnvm.emulation.crash;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.jnvm.core.heap.Blob;
import org.jnvm.core.heap.Heap;
import org.jnvm.core.heap.Node;
import org.jnvm.core.heap.PObject;
import org.jnvm.core.pmem.Pmem;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Long exploration (-Pcrash): seeded random sequences of root puts, replaces and removes, list
 * pushes and pops with frees, and blobs of random sizes (small and large), checked at every fence
 * and write-back against the history the sequence implies.
 */
@Tag("crash-long")
class RandomWorkloadCrashTest {
  private static final int OPS = 80;

  /** The observable state: roots (name -> value or blob size) and the list. */
  record State(Map<String, Long> roots, List<Long> list) {}

  @ParameterizedTest(name = "seed {0}")
  @ValueSource(longs = {1, 2, 3, 4, 5, 6, 7, 8})
  void randomOperations(long seed) {
    Linearizable<State> h = history(seed);
    CrashTest.named("random workload " + seed)
        .config(CrashConfig.standard(CrashModel.EVICTION).withSeed(seed))
        .heapSize(2 << 20)
        .setup(heap -> heap.roots().put("list", new Node(heap, -1)))
        .workload(heap -> run(heap, seed, h))
        .check(heap -> h.check(observe(heap)))
        .run();
  }

  private static Linearizable<State> history(long seed) {
    Model m = new Model();
    Linearizable<State> h = new Linearizable<>(m.state());
    Random r = new Random(seed);
    for (int i = 0; i < OPS; i++) {
      m.apply(r.nextInt(5), r.nextInt(6), r.nextInt(100_000));
      h.then(m.state());
    }
    return h;
  }

  private static void run(Heap heap, long seed, Linearizable<State> h) {
    Random r = new Random(seed);
    Node head = heap.roots().get("list");
    for (int i = 0; i < OPS; i++) {
      int op = r.nextInt(5);
      int key = r.nextInt(6);
      int size = r.nextInt(100_000);
      String name = "k" + key;
      switch (op) {
        case 0 -> heap.roots().put(name, new Node(heap, key * 1000L + i));
        case 1 -> heap.roots().remove(name);
        case 2 -> push(heap, head, i);
        case 3 -> pop(heap, head);
        default ->
            heap.roots().put(name, new Blob(heap, new byte[size % 3 == 0 ? size : size / 100]));
      }
      h.ack();
    }
  }

  /** Binds name durably, then frees the value it replaced (now unreachable). */
  private static void replace(Heap heap, String name, PObject value) {
    PObject old = heap.roots().get(name);
    heap.roots().put(name, value);
    if (old != null) heap.free(old);
  }

  private static void remove(Heap heap, String name) {
    PObject old = heap.roots().get(name);
    if (heap.roots().remove(name)) heap.free(old);
  }

  private static void push(Heap heap, Node head, long v) {
    Node n = new Node(heap, v);
    n.next(head.next());
    n.persist();
    head.next(n);
    Pmem.psync();
  }

  private static void pop(Heap heap, Node head) {
    Node first = head.next();
    if (first == null) return;
    head.next(first.next());
    Pmem.psync();
    heap.free(first);
  }

  private static State observe(Heap heap) {
    Map<String, Long> roots = new TreeMap<>();
    for (String n : heap.roots().names()) {
      if (n.equals("list")) continue;
      Object o = heap.roots().get(n);
      roots.put(n, o instanceof Node node ? node.value() : -((Blob) o).payloadSize() - 1L);
    }
    List<Long> list = new ArrayList<>();
    for (Node n = heap.roots().<Node>get("list").next(); n != null; n = n.next())
      list.add(n.value());
    return new State(roots, list);
  }

  /** The same operations on plain collections. */
  private static final class Model {
    private final Map<String, Long> roots = new TreeMap<>();
    private final List<Long> list = new ArrayList<>();
    private int i;

    void apply(int op, int key, int size) {
      String name = "k" + key;
      switch (op) {
        case 0 -> roots.put(name, key * 1000L + i);
        case 1 -> roots.remove(name);
        case 2 -> list.add(0, (long) i);
        case 3 -> {
          if (!list.isEmpty()) list.remove(0);
        }
        default -> roots.put(name, -(long) (size % 3 == 0 ? size : size / 100) - 1L);
      }
      i++;
    }

    State state() {
      return new State(new TreeMap<>(roots), new ArrayList<>(list));
    }
  }
}

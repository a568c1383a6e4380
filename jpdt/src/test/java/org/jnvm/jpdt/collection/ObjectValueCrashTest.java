package org.jnvm.jpdt.collection;

import static org.jnvm.jpdt.PTypes.objects;
import static org.jnvm.jpdt.PTypes.strings;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.jnvm.core.heap.Heap;
import org.jnvm.core.heap.Node;
import org.jnvm.core.heap.PObject;
import org.jnvm.emulation.crash.CrashModel;
import org.jnvm.emulation.crash.CrashStats;
import org.jnvm.emulation.crash.CrashTest;
import org.jnvm.emulation.crash.Linearizable;
import org.jnvm.jpdt.PTypes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The {@link PTypes#objects()} value type with values their creator never wrote back: a {@link
 * Node} filled with plain stores. The container is then the only party that makes the value durable
 * (the type's {@code store} writes it back, the container's fence orders it before the publishing
 * store). Without that write-back an image holds a published reference to an object whose header
 * never reached media; with it, every image shows the container after the acknowledged operations
 * or one more, each node whole.
 *
 * <p>The other crash tests cannot see this: their values are {@code String}s copied by the
 * container or {@code PString}s, which fence themselves.
 */
class ObjectValueCrashTest {
  /** A node written with plain stores only: nothing of it is written back. */
  private static Node node(Heap heap, long value) {
    Node n = new Node(heap, value);
    n.tag((int) value + 1);
    return n;
  }

  private static String show(Object o) {
    if (!(o instanceof Node n)) return "not a node: " + o;
    return n.value() + "/" + n.tag();
  }

  @ParameterizedTest
  @EnumSource(MapCrashTest.Kind.class)
  void mapValuesTheCallerDidNotPersist(MapCrashTest.Kind kind) {
    Linearizable<Map<String, String>> h =
        new Linearizable<Map<String, String>>(Map.of())
            .then(Map.of("a", "1/2"))
            .then(Map.of("a", "1/2", "b", "2/3"))
            .then(Map.of("a", "3/4", "b", "2/3"));
    CrashStats s =
        CrashTest.named(kind + " objects() values not persisted by the caller")
            .model(CrashModel.EVICTION)
            .setup(
                heap -> {
                  Map<String, PObject> warm = kind.create(heap, strings(), objects(), 2);
                  warm.put("w", node(heap, 0)); // registers every class, left unreachable
                  heap.roots().put("m", (PObject) kind.create(heap, strings(), objects(), 2));
                })
            .workload(
                heap -> {
                  Map<String, PObject> m = heap.roots().get("m");
                  m.put("a", node(heap, 1));
                  h.ack();
                  m.put("b", node(heap, 2));
                  h.ack();
                  m.put("a", node(heap, 3));
                  h.ack();
                })
            .check(
                heap -> {
                  Map<String, PObject> m = heap.roots().get("m");
                  Map<String, String> seen = new TreeMap<>();
                  m.forEach((k, v) -> seen.put(k, show(v)));
                  h.check(seen);
                })
            .run();
    assertTrue(s.images() > h.operations(), s::toString);
  }

  @Test
  void listElementsTheCallerDidNotPersist() {
    Linearizable<List<String>> h =
        new Linearizable<List<String>>(List.of())
            .then(List.of("1/2"))
            .then(List.of("1/2", "2/3"))
            .then(List.of("3/4", "2/3"))
            .then(List.of("3/4", "4/5", "2/3"));
    CrashStats s =
        CrashTest.named("PArrayList objects() elements not persisted by the caller")
            .model(CrashModel.EVICTION)
            .setup(
                heap -> {
                  PArrayList<PObject> warm = new PArrayList<>(heap, objects());
                  warm.add(node(heap, 0)); // registers every class, left unreachable
                  heap.roots().put("l", new PArrayList<>(heap, objects()));
                })
            .workload(
                heap -> {
                  PArrayList<PObject> l = heap.roots().get("l");
                  l.add(node(heap, 1));
                  h.ack();
                  l.add(node(heap, 2));
                  h.ack();
                  l.set(0, node(heap, 3));
                  h.ack();
                  l.add(1, node(heap, 4));
                  h.ack();
                })
            .check(
                heap -> {
                  List<String> seen = new ArrayList<>();
                  for (Object o : heap.roots().<PArrayList<PObject>>get("l")) seen.add(show(o));
                  h.check(seen);
                })
            .run();
    assertTrue(s.images() > h.operations(), s::toString);
  }
}

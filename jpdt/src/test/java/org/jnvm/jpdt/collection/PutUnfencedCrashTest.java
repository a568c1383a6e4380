package org.jnvm.jpdt.collection;

import static org.jnvm.jpdt.PTypes.objects;
import static org.jnvm.jpdt.PTypes.strings;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.atomic.AtomicInteger;
import org.jnvm.core.heap.Heap;
import org.jnvm.core.heap.Node;
import org.jnvm.core.heap.PObject;
import org.jnvm.core.heap.TestHeaps;
import org.jnvm.core.pmem.Pmem;
import org.jnvm.emulation.crash.CrashModel;
import org.jnvm.emulation.crash.CrashStats;
import org.jnvm.emulation.crash.CrashTest;
import org.junit.jupiter.api.Test;

/**
 * {@link PConcurrentHashMap#putUnfenced}: groups of puts (updates, inserts that grow the map) made
 * durable by one fence of the caller. Before that fence every key shows its old or its new value,
 * independently (each mapping is one word), and the map is whole; after it, every put of the group
 * is durable. A missing write-back of a mapping fails the second part; a new entry published before
 * it is durable fails the first.
 */
class PutUnfencedCrashTest {
  /** Per group: each key it puts and the value (a {@link Node}'s) it puts there. */
  private static final List<Map<String, Long>> GROUPS =
      List.of(Map.of("a", 2L, "b0", 3L, "c", 4L), Map.of("a", 12L, "b1", 13L, "c", 14L));

  private static final Map<String, Long> INITIAL = Map.of("a", 1L);

  @Test
  void eachKeyIsOldOrNewBeforeTheFenceAndNewAfterIt() {
    AtomicInteger fenced = new AtomicInteger();
    CrashStats s =
        CrashTest.named("putUnfenced groups, one fence each")
            .model(CrashModel.EVICTION)
            .setup(
                heap -> {
                  PConcurrentHashMap<String, PObject> warm =
                      new PConcurrentHashMap<>(heap, strings(), objects(), 2);
                  warm.put("w", durable(heap, 0)); // registers every class, left unreachable
                  PConcurrentHashMap<String, PObject> m =
                      new PConcurrentHashMap<>(heap, strings(), objects(), 2);
                  m.put("a", durable(heap, INITIAL.get("a")));
                  heap.roots().put("m", m);
                })
            .workload(
                heap -> {
                  PConcurrentHashMap<String, PObject> m = heap.roots().get("m");
                  for (Map<String, Long> group : GROUPS) {
                    Map<String, PObject> values = new TreeMap<>();
                    group.forEach((k, v) -> values.put(k, durable(heap, v))); // durable first
                    values.forEach(m::putUnfenced);
                    Pmem.psync();
                    fenced.incrementAndGet();
                  }
                })
            .check(heap -> check(heap.roots().get("m"), fenced.get()))
            .run();
    assertTrue(s.images() > GROUPS.size(), s::toString);
  }

  @Test
  void aMapOfCopiedValuesRefuses() throws Exception {
    try (TestHeaps t = new TestHeaps()) {
      Heap heap = t.create("put-unfenced-copies", 4 << 20);
      PConcurrentHashMap<String, String> m = new PConcurrentHashMap<>(heap, strings(), strings());
      assertThrows(UnsupportedOperationException.class, () -> m.putUnfenced("k", "v"));
    }
  }

  private static void check(PConcurrentHashMap<String, PObject> m, int fenced) {
    Map<String, Long> seen = new TreeMap<>();
    m.forEach((k, v) -> seen.put(k, ((Node) v).value()));
    Map<String, Long> before = state(fenced);
    Map<String, Long> after = fenced < GROUPS.size() ? state(fenced + 1) : before;
    Set<String> keys = new TreeSet<>(after.keySet());
    keys.addAll(seen.keySet());
    for (String k : keys) {
      Long v = seen.get(k);
      boolean ok = Objects.equals(v, before.get(k)) || Objects.equals(v, after.get(k));
      if (!ok) {
        throw new AssertionError(
            "after "
                + fenced
                + " fenced groups: "
                + k
                + "="
                + v
                + " in "
                + seen
                + ", expected "
                + before.get(k)
                + " or "
                + after.get(k));
      }
    }
  }

  /** The map after {@code groups} groups. */
  private static Map<String, Long> state(int groups) {
    Map<String, Long> s = new TreeMap<>(INITIAL);
    for (int g = 0; g < groups; g++) s.putAll(GROUPS.get(g));
    return s;
  }

  private static Node durable(Heap heap, long value) {
    Node n = new Node(heap, value);
    n.persist();
    return n;
  }
}

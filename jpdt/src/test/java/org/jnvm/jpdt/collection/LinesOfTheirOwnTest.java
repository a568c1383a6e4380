package org.jnvm.jpdt.collection;

import static org.jnvm.jpdt.PTypes.strings;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;
import java.util.function.ToIntFunction;
import org.jnvm.core.heap.Heap;
import org.jnvm.core.heap.PObject;
import org.jnvm.core.heap.TestHeaps;
import org.jnvm.jpfa.FA;
import org.junit.jupiter.api.Test;

/**
 * A block's rollback restores whole cache lines, so a concurrent map gives each part (stripe) slot
 * lines of its own ({@link EntryStore}, "Lines of their own"). Here a block inserts a key and
 * waits; meanwhile another thread inserts keys of other parts, with plain puts and in a block that
 * commits; then the first block aborts. Every other key must survive the rollback, in the map and
 * after reopening. With slots handed out one at a time (lines shared by parts), the rollback wrote
 * the line back over the other keys' slots and the reopened map lost them.
 */
class LinesOfTheirOwnTest {
  @Test
  void aRollbackKeepsTheKeysOtherPartsInsertedMeanwhileInAHashMap() throws Exception {
    run(
        "lines-hash",
        h -> new PConcurrentHashMap<>(h, strings(), strings()),
        m -> k -> ((HashCore<?, ?>) ((PConcurrentHashMap<?, ?>) m).face()).index.probe(k).part);
  }

  @Test
  void aRollbackKeepsTheKeysOtherStripesInsertedMeanwhileInASkipList() throws Exception {
    run(
        "lines-sorted",
        h -> new PSkipListMap<>(h, strings(), strings()),
        m -> k -> ((PSkipListMap<?, ?>) m).core.stripe(k));
  }

  private static void run(
      String name,
      Function<Heap, Map<String, String>> maker,
      Function<Map<String, String>, ToIntFunction<String>> partOf)
      throws Exception {
    try (TestHeaps t = new TestHeaps()) {
      Path p = t.path(name);
      Map<String, String> expected = new TreeMap<>();
      try (Heap h = Heap.create(p, 16 << 20)) {
        Map<String, String> m = maker.apply(h);
        h.roots().put("map", (PObject) m);
        ToIntFunction<String> part = partOf.apply(m);
        int blocked = part.applyAsInt("a");
        List<String> others = new ArrayList<>();
        for (int i = 0; others.size() < 24; i++) {
          if (part.applyAsInt("b" + i) != blocked) others.add("b" + i);
        }
        CountDownLatch inserted = new CountDownLatch(1);
        CountDownLatch othersDone = new CountDownLatch(1);
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread a =
            new Thread(
                () -> {
                  try {
                    FA.run(
                        h,
                        () -> {
                          m.put("a", "rolled back");
                          inserted.countDown();
                          othersDone.await(60, TimeUnit.SECONDS);
                          throw new IllegalStateException("abort");
                        });
                  } catch (IllegalStateException e) {
                    // the abort
                  } catch (Throwable e) {
                    failure.set(e);
                  }
                });
        a.start();
        try {
          assertTrue(inserted.await(60, TimeUnit.SECONDS), "the block inserted its key");
          for (String k : others.subList(0, 12)) m.put(k, "plain " + k);
          FA.run(h, () -> others.subList(12, 24).forEach(k -> m.put(k, "block " + k)));
        } finally {
          othersDone.countDown();
          a.join();
        }
        if (failure.get() != null) throw new AssertionError(failure.get());
        for (String k : others) expected.put(k, (others.indexOf(k) < 12 ? "plain " : "block ") + k);
        assertEquals(expected, new TreeMap<>(m), "after the rollback");
      }
      try (Heap h = Heap.open(p)) {
        @SuppressWarnings("unchecked")
        Map<String, String> m = (Map<String, String>) h.roots().get("map");
        assertEquals(expected, new TreeMap<>(m), "after reopening");
      }
    }
  }
}

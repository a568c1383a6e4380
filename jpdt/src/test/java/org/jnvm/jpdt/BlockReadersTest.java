package org.jnvm.jpdt;

import static org.jnvm.jpdt.PTypes.strings;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import org.jnvm.core.heap.Heap;
import org.jnvm.core.heap.PObject;
import org.jnvm.core.heap.TestHeaps;
import org.jnvm.jpdt.collection.PConcurrentHashMap;
import org.jnvm.jpdt.collection.PSkipListMap;
import org.jnvm.jpfa.FA;
import org.junit.jupiter.api.Test;

/**
 * What other threads see of a concurrent container while a failure-atomic block changes it
 * (docs/jpfa.md, "J-PDT inside blocks", isolation): one writer runs blocks that add keys, replace
 * values and remove keys, committing half of them and aborting the others; readers look keys up and
 * walk the map meanwhile, without any lock of their own. Every read must answer a value some block
 * wrote (an aborted one included: readers see changes as they happen), never fail on memory the
 * rollback freed, and each key's value must be whole (per-key atomicity). At the end the map holds
 * exactly the committed blocks' changes, and the heap reopens clean.
 */
class BlockReadersTest {
  private static final int KEYS = 64;
  private static final int ROUNDS = 400;
  private static final int READERS = 2;

  @Test
  void readersOfAHashMapSeeWholeValuesWhileBlocksCommitAndAbort() throws Exception {
    readWhileBlocksChange("readers-hash", h -> new PConcurrentHashMap<>(h, strings(), strings()));
  }

  @Test
  void readersOfASkipListSeeWholeValuesWhileBlocksCommitAndAbort() throws Exception {
    readWhileBlocksChange("readers-sorted", h -> new PSkipListMap<>(h, strings(), strings()));
  }

  private static void readWhileBlocksChange(String name, Function<Heap, Map<String, String>> maker)
      throws Exception {
    try (TestHeaps t = new TestHeaps()) {
      Path p = t.path(name);
      Map<String, String> model = new HashMap<>();
      try (Heap h = Heap.create(p, 64 << 20)) {
        Map<String, String> m = maker.apply(h);
        h.roots().put("map", (PObject) m);
        for (int i = 0; i < KEYS; i++) {
          m.put(base(i), value(0, i));
          model.put(base(i), value(0, i));
        }
        Readers readers = new Readers(m);
        readers.start();
        try {
          for (int r = 1; r <= ROUNDS; r++) round(h, m, model, r);
        } finally {
          readers.stop();
        }
        readers.check();
        assertEquals(model, new HashMap<>(m), "after the last block");
      }
      try (Heap h = Heap.open(p)) {
        assertEquals(0, h.recoveryReport().reclaimed(), "objects left by the blocks");
        @SuppressWarnings("unchecked")
        Map<String, String> m = (Map<String, String>) h.roots().get("map");
        assertEquals(model, new HashMap<>(m), "after reopening");
      }
    }
  }

  /**
   * One block: replaces three base keys' values, adds two keys and removes one added earlier;
   * aborts on odd rounds (after all its changes, so readers had time to see them).
   */
  private static void round(Heap h, Map<String, String> m, Map<String, String> model, int r) {
    Map<String, String> changes = new HashMap<>();
    List<String> removed = new ArrayList<>();
    boolean abort = r % 2 == 1;
    try {
      FA.run(
          h,
          () -> {
            for (int j = 0; j < 3; j++) {
              int i = (r * 7 + j * 13) % KEYS;
              m.put(base(i), value(r, i));
              changes.put(base(i), value(r, i));
            }
            for (int j = 0; j < 2; j++) {
              m.put(added(r, j), value(r, j));
              changes.put(added(r, j), value(r, j));
            }
            String old = added(r - 4, 0);
            if (m.remove(old) != null) removed.add(old);
            Thread.yield();
            if (abort) throw new IllegalStateException("abort round " + r);
          });
    } catch (IllegalStateException e) {
      assertTrue(abort, "unexpected abort in round " + r + ": " + e);
      return;
    }
    model.putAll(changes);
    removed.forEach(model::remove);
  }

  private static String base(int i) {
    return "k" + i;
  }

  private static String added(int r, int j) {
    return "n" + r + "." + j;
  }

  /** A value names its round and key twice, so a torn or foreign value is seen. */
  private static String value(int r, int i) {
    return r + ":" + i + ":" + r + ":" + i;
  }

  private static boolean whole(String key, String v) {
    String[] f = v.split(":");
    if (f.length != 4 || !f[0].equals(f[2]) || !f[1].equals(f[3])) return false;
    return !key.startsWith("k") || key.equals(base(Integer.parseInt(f[1])));
  }

  /** Reader threads: lookups of base keys and walks of the whole map, until stopped. */
  private static final class Readers {
    private final Map<String, String> map;
    private final AtomicBoolean stop = new AtomicBoolean();
    private final ConcurrentLinkedQueue<String> problems = new ConcurrentLinkedQueue<>();
    private final AtomicLong reads = new AtomicLong();
    private final List<Thread> threads = new ArrayList<>();

    Readers(Map<String, String> map) {
      this.map = map;
    }

    void start() {
      for (int i = 0; i < READERS; i++) {
        Thread th = new Thread(this::run, "block-reader-" + i);
        th.setDaemon(true);
        threads.add(th);
        th.start();
      }
    }

    private void run() {
      ThreadLocalRandom rnd = ThreadLocalRandom.current();
      try {
        while (!stop.get()) {
          for (int n = 0; n < 200; n++) {
            String k = base(rnd.nextInt(KEYS));
            String v = map.get(k);
            if (v == null || !whole(k, v)) problems.add("get(" + k + ") = " + v);
            reads.incrementAndGet();
          }
          for (Map.Entry<String, String> e : map.entrySet()) {
            if (!whole(e.getKey(), e.getValue())) problems.add("walk saw " + e);
            reads.incrementAndGet();
          }
        }
      } catch (Throwable e) {
        problems.add(Thread.currentThread().getName() + " failed: " + e);
      }
    }

    void stop() throws InterruptedException {
      stop.set(true);
      for (Thread th : threads) th.join(60_000);
    }

    void check() {
      for (Thread th : threads) assertTrue(!th.isAlive(), th.getName() + " still running");
      if (!problems.isEmpty()) {
        fail(problems.size() + " bad reads of " + reads.get() + ", first: " + problems.peek());
      }
      assertTrue(reads.get() > ROUNDS, "readers ran: " + reads.get() + " reads");
    }
  }
}

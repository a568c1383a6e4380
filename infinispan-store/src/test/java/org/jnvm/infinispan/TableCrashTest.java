package org.jnvm.infinispan;

import static org.testng.Assert.assertEquals;
import static org.testng.Assert.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import org.jnvm.core.heap.Heap;
import org.jnvm.core.heap.Node;
import org.jnvm.core.heap.TestHeaps;
import org.jnvm.emulation.crash.CrashCheck;
import org.jnvm.emulation.crash.CrashConfig;
import org.jnvm.emulation.crash.CrashModel;
import org.jnvm.emulation.crash.CrashStats;
import org.jnvm.emulation.crash.CrashTest;
import org.jnvm.emulation.crash.Linearizable;
import org.jnvm.jpdt.PString;
import org.testng.annotations.Test;

/**
 * Store format 2 ({@link SegmentTable} of one-object {@link StoreRecord}s) under the crash
 * simulator (EVICTION model), through every kind of persistence point it has: inserts up to and
 * across a table's growth, a replace, a removal (tombstone), a {@code PString} key (an owned copy,
 * kept by its replace), a J-NVM key its creator never wrote back (the store writes it back before
 * publishing), the removals of both, and a clear (an empty table published). At every fence, every
 * image recovers to the state after the acknowledged operations or one more, reachable objects
 * included (nothing of an unfinished operation survives, nothing a finished one dropped is kept).
 */
@Test(groups = "unit")
public class TableCrashTest {
  private static final String CACHE = "t";
  private static final int KEYS = 14; // more than 3/4 of a 16-slot table: one growth

  public void everyPersistencePointOfTheTableIsAllOrNothing() throws Exception {
    CrashCheck setup = TableCrashTest::setup;
    long base = baseline(setup);
    Linearizable<String> h = history(base);
    CrashStats s =
        CrashTest.named("infinispan-store format 2: inserts, growth, keys, removals, clear")
            .config(CrashConfig.standard(CrashModel.EVICTION))
            .heapSize(4 << 20)
            .setup(setup)
            .workload(heap -> workload(heap, h))
            .check(heap -> h.check(observe(heap)))
            .run();
    assertTrue(s.images() > s.fences(), s.toString());
  }

  /** The states after each operation: sorted entries and the reachable objects. */
  private static Linearizable<String> history(long base) {
    TreeMap<String, String> e = new TreeMap<>();
    Linearizable<String> h = new Linearizable<>(state(e, base));
    long live = base;
    for (int i = 0; i < KEYS; i++) {
      e.put("k" + i, "v" + i);
      h.then(state(e, ++live));
    }
    e.put("k4", "w4");
    h.then(state(e, live));
    e.remove("k3");
    h.then(state(e, --live));
    e.put("P:pk", "pv");
    h.then(state(e, live += 2)); // record + the key's PString copy
    e.put("P:pk", "pw");
    h.then(state(e, live)); // the copy is kept
    e.put("N:5", "rv");
    h.then(state(e, live += 2)); // record + the caller's node, owned by the store
    e.remove("N:5");
    h.then(state(e, live -= 2));
    e.remove("P:pk");
    h.then(state(e, live -= 2));
    e.clear();
    h.then(state(e, base));
    return h;
  }

  private static void workload(Heap heap, Linearizable<String> h) {
    SegmentMaps m = maps(heap);
    for (int i = 0; i < KEYS; i++) {
      m.write(0, key("k" + i), bytes("v" + i));
      h.ack();
    }
    assertTrue(
        StoreRoot.openOrCreate(heap, CACHE, StoreMode.JPDT, 1).table(0).capacity() > 16,
        "the inserts grew the table");
    m.write(0, key("k4"), bytes("w4"));
    h.ack();
    m.delete(0, key("k3"));
    h.ack();
    m.write(0, KeyForm.of(new PString(heap, "pk")), bytes("pv"));
    h.ack();
    m.write(0, KeyForm.of(new PString(heap, "pk")), bytes("pw"));
    h.ack();
    Node n = new Node(heap, 5); // plain stores only: the store writes it back
    m.write(0, KeyForm.of(n), bytes("rv"));
    h.ack();
    m.delete(0, KeyForm.of(n));
    h.ack();
    m.delete(0, KeyForm.of(new PString(heap, "pk")));
    h.ack();
    m.clear(0);
    h.ack();
  }

  private static String state(TreeMap<String, String> entries, long live) {
    return entries + " live=" + live;
  }

  /**
   * The store created and every class the workload allocates registered (a class's first allocation
   * adds a registry object, which would count as one more live object).
   */
  private static void setup(Heap heap) {
    SegmentMaps m = maps(heap);
    Node warm = new Node(heap, 1);
    warm.persist();
    m.write(0, KeyForm.of(warm), bytes("w"));
    m.delete(0, KeyForm.of(warm));
    m.write(0, KeyForm.of(new PString(heap, "warm")), bytes("w"));
    m.clear(0);
  }

  private static long baseline(CrashCheck setup) throws Exception {
    try (TestHeaps t = new TestHeaps()) {
      Path p = t.path("table-baseline");
      try (Heap h = Heap.create(p, 4 << 20)) {
        setup.accept(h);
      }
      try (Heap h = Heap.open(p)) {
        return h.recoveryReport().liveObjects();
      }
    }
  }

  private static SegmentMaps maps(Heap heap) {
    StoreRoot root = StoreRoot.openOrCreate(heap, CACHE, StoreMode.JPDT, 1);
    assertEquals(root.version(), StoreRoot.V2_TABLES);
    return new SegmentMaps(root, root.writer(false));
  }

  private static String observe(Heap heap) {
    TreeMap<String, String> e = new TreeMap<>();
    List<String> bad = new ArrayList<>();
    for (SegmentMaps.Snapshot s : maps(heap).snapshot(0)) {
      String k =
          s.key() instanceof PString p
              ? "P:" + p
              : s.key() instanceof Node n ? "N:" + n.value() : String.valueOf(s.key());
      if (e.put(k, new String(s.data().valueBytes(), StandardCharsets.UTF_8)) != null) bad.add(k);
    }
    return (bad.isEmpty() ? "" : "duplicate keys " + bad + " ")
        + state(e, heap.recoveryReport().liveObjects());
  }

  private static KeyForm key(String k) {
    return KeyForm.of(k);
  }

  private static EntryData bytes(String v) {
    byte[] b = v.getBytes(StandardCharsets.UTF_8);
    return new EntryData(null, b, EntryData.NO_METADATA, -1, -1, null, null, 1, 1, -1);
  }
}

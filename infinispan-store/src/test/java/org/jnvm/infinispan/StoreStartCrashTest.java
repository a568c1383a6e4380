package org.jnvm.infinispan;

import static org.testng.Assert.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.List;
import org.jnvm.core.heap.Heap;
import org.jnvm.core.heap.Node;
import org.jnvm.emulation.crash.CrashConfig;
import org.jnvm.emulation.crash.CrashModel;
import org.jnvm.emulation.crash.CrashStats;
import org.jnvm.emulation.crash.CrashTest;
import org.jnvm.emulation.crash.Linearizable;
import org.testng.annotations.DataProvider;
import org.testng.annotations.Test;

/**
 * A store's first start and first writes under the crash simulator, in both modes: the store root
 * and its commit slots created on a heap that has none, a record of a {@code String} key (the
 * store's own key object), a transaction holding a J-NVM value its creator never persisted, and a
 * record whose key is such an object. Every image opens (a root or slot table linked before it is
 * durable would not) and shows each step whole or not at all. The other crash tests create the
 * store in their untracked setup, and their keys are bytes and their values {@code PString}s, so
 * none of them sees these paths (mutation survivors: StoreRoot's and TxSlots' persist on creation,
 * the key objects' write-backs, FaWriter.build's persist of the value).
 */
@Test(groups = "unit")
public class StoreStartCrashTest {
  private static final String CACHE = "fresh";
  private static final int SEGMENTS = 2;

  @DataProvider
  public Object[][] modes() {
    return new Object[][] {{StoreMode.JPDT}, {StoreMode.JPFA}};
  }

  @Test(dataProvider = "modes")
  public void aStoreCreatedAndFirstWrittenSurvivesEveryCrash(StoreMode mode) {
    Linearizable<String> h =
        new Linearizable<>("k1=- k2=- k3=-")
            .then("k1=A k2=- k3=-")
            .then("k1=B k2=N:5/6 k3=-")
            .then("k1=B k2=N:5/6 k3=N:7/8>C");
    CrashStats s =
        CrashTest.named("infinispan-store " + mode + ": first start and first writes")
            .config(CrashConfig.standard(CrashModel.EVICTION))
            .heapSize(4 << 20)
            .setup(heap -> warm(heap, mode))
            .workload(
                heap -> {
                  Opened o = open(heap, mode, CACHE);
                  o.maps.write(0, KeyForm.of("k1"), bytes("A"));
                  h.ack();
                  o.transactions.apply(
                      List.of(
                          TxOp.write(0, KeyForm.of("k2"), ref(node(heap, 5, 6))),
                          TxOp.write(0, KeyForm.of("k1"), bytes("B"))));
                  h.ack();
                  // a key that is the application's J-NVM object, never persisted by its creator
                  o.maps.write(1, KeyForm.of(node(heap, 7, 8)), bytes("C"));
                  h.ack();
                })
            .check(heap -> h.check(observe(heap, mode)))
            .run();
    assertTrue(s.images() > s.fences(), s.toString());
  }

  private record Opened(SegmentMaps maps, Transactions transactions) {}

  private static Opened open(Heap heap, StoreMode mode, String cache) {
    StoreRoot root = StoreRoot.openOrCreate(heap, cache, mode, SEGMENTS);
    RecordWriter w = mode == StoreMode.JPFA ? new FaWriter(heap) : new PdtWriter(heap);
    SegmentMaps maps = new SegmentMaps(root, w);
    return new Opened(maps, Transactions.open(heap, cache, maps, w));
  }

  /**
   * Every class the workload allocates registered, through a store of another name (a class's first
   * allocation adds a registry object); the workload's store does not exist yet.
   */
  private static void warm(Heap heap, StoreMode mode) {
    Opened o = open(heap, mode, "warm");
    Node n = node(heap, 1, 1);
    n.persist();
    o.transactions.apply(
        List.of(
            TxOp.write(0, KeyForm.of("w"), ref(n)), TxOp.write(1, KeyForm.of("v"), bytes("v"))));
    o.maps.write(0, KeyForm.of("w"), bytes("x"));
    Node k = node(heap, 2, 2);
    k.persist();
    o.maps.write(1, KeyForm.of(k), bytes("y"));
  }

  private static String observe(Heap heap, StoreMode mode) {
    SegmentMaps m = open(heap, mode, CACHE).maps;
    return "k1=" + describe(m, "k1") + " k2=" + describe(m, "k2") + " k3=" + objectKeys(m);
  }

  private static String describe(SegmentMaps m, String k) {
    EntryData d = m.read(0, KeyForm.of(k), StoredEntry::read);
    if (d == null) return "-";
    if (d.valueRef() instanceof Node n) return "N:" + n.value() + "/" + n.tag();
    if (d.valueRef() != null) return "not a node: " + d.valueRef();
    return new String(d.valueBytes(), StandardCharsets.UTF_8);
  }

  /** Segment 1's entries, whose keys are nodes: {@code N:value/tag>value}, or {@code -}. */
  private static String objectKeys(SegmentMaps m) {
    StringBuilder b = new StringBuilder();
    for (SegmentMaps.Snapshot e : m.snapshot(1)) {
      if (b.length() > 0) b.append(',');
      if (!(e.key() instanceof Node n)) return "not a node key: " + e.key();
      b.append("N:").append(n.value()).append('/').append(n.tag()).append('>');
      b.append(new String(e.data().valueBytes(), StandardCharsets.UTF_8));
    }
    return b.length() == 0 ? "-" : b.toString();
  }

  /** A node written with plain stores only: nothing of it is written back. */
  private static Node node(Heap heap, long value, int tag) {
    Node n = new Node(heap, value);
    n.tag(tag);
    return n;
  }

  private static EntryData bytes(String v) {
    return new EntryData(
        null,
        v.getBytes(StandardCharsets.UTF_8),
        EntryData.NO_METADATA,
        -1,
        -1,
        null,
        null,
        1,
        1,
        -1);
  }

  private static EntryData ref(Node v) {
    return new EntryData(v, null, EntryData.NO_METADATA, -1, -1, null, null, 1, 1, -1);
  }
}

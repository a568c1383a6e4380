package org.jnvm.infinispan;

import static org.testng.Assert.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.List;
import org.jnvm.core.heap.Heap;
import org.jnvm.core.heap.VerifyReport;
import org.jnvm.emulation.crash.CrashConfig;
import org.jnvm.emulation.crash.CrashModel;
import org.jnvm.emulation.crash.CrashStats;
import org.jnvm.emulation.crash.CrashTest;
import org.jnvm.emulation.crash.Linearizable;
import org.jnvm.jpdt.PString;
import org.testng.annotations.DataProvider;
import org.testng.annotations.Test;

/**
 * Transactions of several keys over two segments under the crash simulator (EVICTION and FLUSH_ONLY
 * models), in both modes: at every fence, every image shows, once the store's start has replayed
 * the commit slots, all of a transaction or none of it, and reaches exactly the objects of that
 * state (a replayed transaction frees its intent and what it replaced).
 */
@Test(groups = "unit")
public class TxCrashTest {
  private static final String CACHE = "tx";
  private static final int SEGMENTS = 2;

  @DataProvider
  public Object[][] modes() {
    return new Object[][] {
      {StoreMode.JPDT, CrashModel.EVICTION},
      {StoreMode.JPFA, CrashModel.EVICTION},
      {StoreMode.JPDT, CrashModel.FLUSH_ONLY},
      {StoreMode.JPFA, CrashModel.FLUSH_ONLY}
    };
  }

  /**
   * EVICTION: any dirty line may reach media at any time (it catches missing fences); FLUSH_ONLY:
   * only written-back lines do (it catches missing write-backs).
   */
  @Test(dataProvider = "modes")
  public void everyTransactionIsAllOrNothing(StoreMode mode, CrashModel model) throws Exception {
    int perKey = mode == StoreMode.JPDT ? 3 : 4; // key blob, map entry, record (+ value blob)
    int ref = mode == StoreMode.JPDT ? 1 : 0; // a J-NVM value is one object more than inline bytes
    long[] base = new long[1];
    Linearizable<String> h = new Linearizable<>("k1=- k2=- k3=- live=+0");
    h.then("k1=A k2=B k3=P:p live=+" + (3 * perKey + ref))
        .then("k1=C k2=- k3=P:q live=+" + (2 * perKey + ref))
        .then("k1=- k2=D k3=- live=+" + perKey)
        .then("k1=F k2=D k3=- live=+" + 2 * perKey);
    CrashStats s =
        CrashTest.named("infinispan-store " + mode + ": transactions over two segments")
            .config(CrashConfig.standard(model))
            .heapSize(4 << 20)
            .setup(
                heap -> {
                  warm(heap, mode);
                  base[0] = reachable(heap);
                })
            .workload(
                heap -> {
                  Transactions t = open(heap, mode).transactions;
                  t.apply(
                      List.of(
                          write(0, "k1", bytes("A")),
                          write(1, "k2", bytes("B")),
                          write(0, "k3", ref(new PString(heap, "p")))));
                  h.ack();
                  t.apply(
                      List.of(
                          write(0, "k1", bytes("C")),
                          TxOp.remove(1, key("k2")),
                          write(0, "k3", ref(new PString(heap, "q")))));
                  h.ack();
                  t.apply(
                      List.of(
                          TxOp.remove(0, key("k1")),
                          write(1, "k2", bytes("D")),
                          TxOp.remove(0, key("k3"))));
                  h.ack();
                  // the same key twice in one transaction: the last write wins, once
                  t.apply(List.of(write(0, "k1", bytes("E")), write(0, "k1", bytes("F"))));
                  h.ack();
                })
            .check(heap -> h.check(observe(heap, mode, base[0])))
            .run();
    assertTrue(s.images() > s.fences(), s.toString());
  }

  /** What a test needs of an open store: its maps and transactions (replayed on open). */
  record Opened(SegmentMaps maps, Transactions transactions) {}

  static Opened open(Heap heap, StoreMode mode) {
    StoreRoot root = StoreRoot.openOrCreate(heap, CACHE, mode, SEGMENTS);
    RecordWriter w = mode == StoreMode.JPFA ? new FaWriter(heap) : new PdtWriter(heap);
    SegmentMaps maps = new SegmentMaps(root, w);
    return new Opened(maps, Transactions.open(heap, CACHE, maps, w));
  }

  /**
   * The store and its slots created, both segments' storage grown and every class the workload
   * allocates registered (a class's first allocation adds a registry object). A concurrent map's
   * stripe takes fresh slots a cache line at a time and, on open, gets the free lines whose number
   * falls to it: 200 keys written and removed per segment leave free lines for every stripe, so no
   * insert of the workload grows the storage (its live-object counts would include a segment).
   */
  private static void warm(Heap heap, StoreMode mode) {
    Transactions t = open(heap, mode).transactions;
    t.apply(
        List.of(
            write(0, "w", ref(new PString(heap, "w"))),
            write(1, "w", bytes("w")),
            write(1, "v", bytes("v"))));
    t.apply(List.of(write(0, "w", bytes("x")), TxOp.remove(1, key("w"))));
    t.apply(List.of(TxOp.remove(0, key("w")), TxOp.remove(1, key("v"))));
    for (int i = 0; i < 200; i++) {
      t.apply(List.of(write(0, "w" + i, bytes("w")), write(1, "w" + i, bytes("w"))));
    }
    for (int i = 0; i < 200; i++) {
      t.apply(List.of(TxOp.remove(0, key("w" + i)), TxOp.remove(1, key("w" + i))));
    }
  }

  private static long reachable(Heap heap) {
    VerifyReport r = heap.verify();
    if (!r.ok()) throw new AssertionError("heap problems: " + r);
    return r.reachable();
  }

  private static String observe(Heap heap, StoreMode mode, long base) {
    SegmentMaps m = open(heap, mode).maps;
    return "k1="
        + describe(m, 0, "k1")
        + " k2="
        + describe(m, 1, "k2")
        + " k3="
        + describe(m, 0, "k3")
        + " live=+"
        + (reachable(heap) - base);
  }

  private static String describe(SegmentMaps m, int seg, String k) {
    EntryData d = m.read(seg, key(k), StoredEntry::read);
    if (d == null) return "-";
    if (d.valueRef() instanceof PString p) return "P:" + p;
    return new String(d.valueBytes(), StandardCharsets.UTF_8);
  }

  private static TxOp write(int seg, String k, EntryData d) {
    return TxOp.write(seg, key(k), d);
  }

  private static KeyForm key(String k) {
    return KeyForm.of(k.getBytes(StandardCharsets.UTF_8));
  }

  private static EntryData bytes(String v) {
    byte[] b = v.getBytes(StandardCharsets.UTF_8);
    return new EntryData(null, b, EntryData.NO_METADATA, -1, -1, null, null, 1, 1, -1);
  }

  private static EntryData ref(PString v) {
    return new EntryData(v, null, EntryData.NO_METADATA, -1, -1, null, null, 1, 1, -1);
  }
}

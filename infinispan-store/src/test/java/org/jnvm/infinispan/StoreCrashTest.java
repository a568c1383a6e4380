package org.jnvm.infinispan;

import static org.testng.Assert.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.jnvm.core.heap.Heap;
import org.jnvm.core.heap.TestHeaps;
import org.jnvm.emulation.crash.CrashCheck;
import org.jnvm.emulation.crash.CrashConfig;
import org.jnvm.emulation.crash.CrashModel;
import org.jnvm.emulation.crash.CrashStats;
import org.jnvm.emulation.crash.CrashTest;
import org.jnvm.emulation.crash.Linearizable;
import org.jnvm.jpdt.PString;
import org.testng.annotations.DataProvider;
import org.testng.annotations.Test;

/**
 * The store's updates under the crash simulator (EVICTION model), in both modes: insert, replace
 * with metadata, a J-NVM value by reference, a replace of a marshalled value by a J-NVM one (in
 * J-PFA mode, one failure-atomic update of the entry record) and a removal. At every fence, every
 * image recovers to the state after the acknowledged operations or one more, holding exactly the
 * objects that state reaches (nothing of an unfinished operation survives, nothing a finished one
 * dropped is kept).
 */
@Test(groups = "unit")
public class StoreCrashTest {
  private static final String CACHE = "c";
  private static final int SEGMENTS = 2;

  @DataProvider
  public Object[][] modes() {
    return new Object[][] {{StoreMode.JPDT}, {StoreMode.JPFA}};
  }

  @Test(dataProvider = "modes")
  public void everyUpdateIsAllOrNothing(StoreMode mode) throws Exception {
    CrashCheck setup = heap -> setup(heap, mode);
    long base = baseline(setup);
    int perKey = mode == StoreMode.JPDT ? 3 : 4; // key blob, map entry, record (+ value blob)
    int ref = mode == StoreMode.JPDT ? 1 : 0; // a J-NVM value is one object more than inline bytes
    Linearizable<String> h =
        new Linearizable<>("k1=- k2=- live=" + base)
            .then("k1=A/0/-1 k2=- live=" + (base + perKey))
            .then("k1=B/1/1000 k2=- live=" + (base + perKey))
            .then("k1=B/1/1000 k2=P:p/0/-1 live=" + (base + 2 * perKey + ref))
            .then("k1=P:q/0/-1 k2=P:p/0/-1 live=" + (base + 2 * perKey + 2 * ref))
            .then("k1=P:q/0/-1 k2=- live=" + (base + perKey + ref));
    CrashStats s =
        CrashTest.named("infinispan-store " + mode + ": insert, replace, J-NVM values, remove")
            .config(CrashConfig.standard(CrashModel.EVICTION))
            .heapSize(4 << 20)
            .setup(setup)
            .workload(
                heap -> {
                  SegmentMaps m = maps(heap, mode);
                  m.write(0, key("k1"), bytes("A", EntryData.NO_METADATA, -1));
                  h.ack();
                  m.write(0, key("k1"), bytes("B", EntryData.COMPACT, 1000));
                  h.ack();
                  m.write(0, key("k2"), ref(new PString(heap, "p")));
                  h.ack();
                  m.write(0, key("k1"), ref(new PString(heap, "q")));
                  h.ack();
                  m.delete(0, key("k2"));
                  h.ack();
                })
            .check(heap -> h.check(observe(heap, mode)))
            .run();
    assertTrue(s.images() > s.fences(), s.toString());
  }

  /**
   * The store, created, with segment 0's storage grown once (so later inserts need no growth) and
   * every class the workload allocates registered in the heap (a class's first allocation adds a
   * registry object, which would count as one more live object).
   */
  private static void setup(Heap heap, StoreMode mode) {
    SegmentMaps m = maps(heap, mode);
    m.write(0, key("warm"), ref(new PString(heap, "w")));
    m.write(0, key("warm"), bytes("w", EntryData.COMPACT, 1));
    m.delete(0, key("warm"));
  }

  private static long baseline(CrashCheck setup) throws Exception {
    try (TestHeaps t = new TestHeaps()) {
      Path p = t.path("store-baseline");
      try (Heap h = Heap.create(p, 4 << 20)) {
        setup.accept(h);
      }
      try (Heap h = Heap.open(p)) {
        return h.recoveryReport().liveObjects();
      }
    }
  }

  private static SegmentMaps maps(Heap heap, StoreMode mode) {
    StoreRoot root = StoreRoot.openOrCreate(heap, CACHE, mode, SEGMENTS);
    return new SegmentMaps(root, mode == StoreMode.JPFA ? new FaWriter(heap) : new PdtWriter(heap));
  }

  private static String observe(Heap heap, StoreMode mode) {
    SegmentMaps m = maps(heap, mode);
    return "k1="
        + describe(m, "k1")
        + " k2="
        + describe(m, "k2")
        + " live="
        + heap.recoveryReport().liveObjects();
  }

  private static String describe(SegmentMaps m, String k) {
    EntryData d = m.read(0, key(k), StoredEntry::read);
    if (d == null) return "-";
    String v =
        d.valueRef() != null
            ? "P:" + d.valueRef()
            : new String(d.valueBytes(), StandardCharsets.UTF_8);
    if (d.valueRef() instanceof PString p) v = "P:" + p;
    return v + "/" + d.metadataKind() + "/" + d.lifespan();
  }

  private static KeyForm key(String k) {
    return KeyForm.of(k.getBytes(StandardCharsets.UTF_8));
  }

  private static EntryData bytes(String v, int kind, long lifespan) {
    byte[] b = v.getBytes(StandardCharsets.UTF_8);
    return new EntryData(null, b, kind, lifespan, -1, null, null, 1, 1, -1);
  }

  private static EntryData ref(PString v) {
    return new EntryData(v, null, EntryData.NO_METADATA, -1, -1, null, null, 1, 1, -1);
  }
}

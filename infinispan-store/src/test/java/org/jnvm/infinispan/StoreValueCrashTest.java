package org.jnvm.infinispan;

import static org.testng.Assert.assertTrue;

import java.nio.charset.StandardCharsets;
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
 * A J-NVM value that its creator allocated and filled but never persisted (the README's low-level
 * example before its {@code persist()}), handed to the store in both modes. The store is the only
 * party that writes it back before publishing it: {@code FaWriter}'s {@code persist()} in J-PFA
 * mode, {@code PdtEntry}'s value write-back in J-PDT mode. Without that instruction an image holds
 * a published record whose value is still in the cache (class id 0 on media); with it, every image
 * of every crash point shows the value whole or the entry as before.
 *
 * <p>{@link StoreCrashTest} cannot see this: its values are {@code PString}s, which fence
 * themselves.
 */
@Test(groups = "unit")
public class StoreValueCrashTest {
  private static final String CACHE = "v";
  private static final int SEGMENTS = 1;

  @DataProvider
  public Object[][] modes() {
    return new Object[][] {{StoreMode.JPDT}, {StoreMode.JPFA}};
  }

  @Test(dataProvider = "modes")
  public void anUnpersistedValueIsMadeDurableByTheStore(StoreMode mode) {
    Linearizable<String> h =
        new Linearizable<>("k1=- k2=-")
            .then("k1=N:11/7 k2=-")
            .then("k1=N:11/7 k2=N:22/8")
            .then("k1=N:33/9 k2=N:22/8");
    CrashStats s =
        CrashTest.named("infinispan-store " + mode + ": values the caller did not persist")
            .config(CrashConfig.standard(CrashModel.EVICTION))
            .heapSize(4 << 20)
            .setup(heap -> setup(heap, mode))
            .workload(
                heap -> {
                  SegmentMaps m = maps(heap, mode);
                  m.write(0, key("k1"), ref(node(heap, 11, 7)));
                  h.ack();
                  m.write(0, key("k2"), ref(node(heap, 22, 8)));
                  h.ack();
                  m.write(0, key("k1"), ref(node(heap, 33, 9)));
                  h.ack();
                })
            .check(heap -> h.check(observe(heap, mode)))
            .run();
    assertTrue(s.images() > s.fences(), s.toString());
  }

  /** A node written with plain stores only: nothing of it is written back. */
  private static Node node(Heap heap, long value, int tag) {
    Node n = new Node(heap, value);
    n.tag(tag);
    return n;
  }

  /** The store created and every class of the workload registered (a node value stored once). */
  private static void setup(Heap heap, StoreMode mode) {
    SegmentMaps m = maps(heap, mode);
    Node warm = node(heap, 1, 1);
    warm.persist();
    m.write(0, key("warm"), ref(warm));
    m.delete(0, key("warm"));
  }

  private static SegmentMaps maps(Heap heap, StoreMode mode) {
    StoreRoot root = StoreRoot.openOrCreate(heap, CACHE, mode, SEGMENTS);
    return new SegmentMaps(root, mode == StoreMode.JPFA ? new FaWriter(heap) : new PdtWriter(heap));
  }

  private static String observe(Heap heap, StoreMode mode) {
    SegmentMaps m = maps(heap, mode);
    return "k1=" + describe(m, "k1") + " k2=" + describe(m, "k2");
  }

  private static String describe(SegmentMaps m, String k) {
    EntryData d = m.read(0, key(k), StoredEntry::read);
    if (d == null) return "-";
    if (!(d.valueRef() instanceof Node n)) return "not a node: " + d.valueRef();
    return "N:" + n.value() + "/" + n.tag();
  }

  private static KeyForm key(String k) {
    return KeyForm.of(k.getBytes(StandardCharsets.UTF_8));
  }

  private static EntryData ref(Node v) {
    return new EntryData(v, null, EntryData.NO_METADATA, -1, -1, null, null, 1, 1, -1);
  }
}

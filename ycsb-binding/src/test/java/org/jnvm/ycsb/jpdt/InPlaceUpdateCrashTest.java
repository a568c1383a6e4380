package org.jnvm.ycsb.jpdt;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import org.jnvm.core.heap.Heap;
import org.jnvm.emulation.crash.CrashConfig;
import org.jnvm.emulation.crash.CrashModel;
import org.jnvm.emulation.crash.CrashStats;
import org.jnvm.emulation.crash.CrashTest;
import org.jnvm.emulation.crash.Linearizable;
import org.jnvm.jpfa.FA;
import org.junit.jupiter.api.Test;

/**
 * The J-PFA rows' update ({@link PRecord#replaceInPlace} in one block) under the crash simulator's
 * EVICTION model: at every fence, every image a power failure could leave recovers (log replay
 * included) to the record before or after each update, never a mix of fields, lengths or bytes. The
 * updates change a short field to a long one and back and touch fields on different lines, so a
 * missing announcement of any store leaves a mixed record in some image.
 */
class InPlaceUpdateCrashTest {
  private static final int FIELDS = 10;
  private static final int CAPACITY = 100;

  private static byte[] text(String s) {
    return s.getBytes(StandardCharsets.ISO_8859_1);
  }

  private static String describe(PRecord r) {
    StringBuilder b = new StringBuilder();
    for (int i = 0; i < FIELDS; i++) {
      byte[] v = r.get(i);
      b.append(i).append('=').append(v == null ? "-" : new String(v, StandardCharsets.ISO_8859_1));
      b.append(' ');
    }
    return b.toString().trim();
  }

  private static String state(String f2, String f7, String f9) {
    StringBuilder b = new StringBuilder();
    for (int i = 0; i < FIELDS; i++) {
      String v = i == 2 ? f2 : i == 7 ? f7 : i == 9 ? f9 : "init" + i;
      b.append(i).append('=').append(v).append(' ');
    }
    return b.toString().trim();
  }

  @Test
  void anInPlaceUpdateIsAllOrNothing() {
    String longer = "x".repeat(CAPACITY);
    Linearizable<String> h = new Linearizable<>(state("init2", "init7", "init9"));
    h.then(state(longer, "a", "init9")).then(state("b", "a", longer)).then(state("b", "-", "c"));
    CrashStats s =
        CrashTest.named("ycsb: record fields replaced in place in a block")
            .config(CrashConfig.standard(CrashModel.EVICTION))
            .setup(
                heap -> {
                  byte[][] values = new byte[FIELDS][];
                  for (int i = 0; i < FIELDS; i++) values[i] = text("init" + i);
                  PRecord r = PRecord.create(heap, values, CAPACITY);
                  r.persist();
                  heap.roots().put("r", r);
                })
            .workload(
                heap -> {
                  PRecord r = heap.roots().get("r");
                  update(heap, r, ordered(7, text("a"), 2, text(longer)));
                  h.ack();
                  update(heap, r, ordered(9, text(longer), 2, text("b")));
                  h.ack();
                  update(heap, r, ordered(7, null, 9, text("c")));
                  h.ack();
                })
            .check(heap -> h.check(describe(heap.roots().get("r"))))
            .run();
    assertTrue(s.images() > s.fences(), s.toString());
  }

  /**
   * Changes applied in the order given (a {@code Map.of}'s order changes from one JVM to the next):
   * field 7 then 2 puts the first block's entry for field 7 before field 2's, which the second
   * block's first batch then partly overwrites (the image J-PFA's recovery once rolled back in
   * part).
   */
  private static Map<Integer, byte[]> ordered(int f1, byte[] v1, int f2, byte[] v2) {
    Map<Integer, byte[]> m = new LinkedHashMap<>();
    m.put(f1, v1);
    m.put(f2, v2);
    return m;
  }

  private static void update(Heap heap, PRecord r, Map<Integer, byte[]> changes) {
    FA.run(heap, () -> r.replaceInPlace(changes));
  }

  @Test
  void outsideABlockItIsRefused() throws Exception {
    try (org.jnvm.core.heap.TestHeaps t = new org.jnvm.core.heap.TestHeaps()) {
      try (Heap heap = t.create("in-place", 1 << 20)) {
        PRecord r = PRecord.create(heap, new byte[][] {text("a")}, 8);
        var e =
            assertThrows(IllegalStateException.class, () -> r.replaceInPlace(Map.of(0, text("b"))));
        assertTrue(e.getMessage().contains("J-PFA block"), e.getMessage());
        assertThrows(
            IllegalArgumentException.class,
            () -> FA.run(heap, () -> r.replaceInPlace(Map.of(0, text("123456789")))));
      }
    }
  }
}

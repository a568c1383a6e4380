package org.jnvm.ycsb.jpdt;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;
import org.jnvm.core.heap.Heap;
import org.jnvm.core.heap.TestHeaps;
import org.jnvm.core.pmem.Pmem;
import org.jnvm.emulation.crash.CrashCheck;
import org.jnvm.emulation.crash.CrashConfig;
import org.jnvm.emulation.crash.CrashModel;
import org.jnvm.emulation.crash.CrashStats;
import org.jnvm.emulation.crash.CrashTest;
import org.jnvm.emulation.crash.Linearizable;
import org.jnvm.jpfa.FA;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A record's two in-place updates under the crash simulator: at every fence, every image a power
 * failure could leave recovers (log replay included) to the record before or after each update,
 * never a field with another version's bytes or length, never a mix of an update's fields, and each
 * acknowledged update survives. A fence after each update gives a crash point there even where a
 * broken update fences nothing.
 *
 * <ul>
 *   <li>J-PFA rows ({@link PRecord#replaceInPlace} in one block, EVICTION): the updates change a
 *       short field to a long one and back and touch fields on different lines, so a missing
 *       announcement, or one that leaves out the length or the bytes, leaves a mixed or lost record
 *       in some image.
 *   <li>J-PDT rows ({@link PRecord#replaceSwapping}, both models): one field twice in a row (the
 *       second writes the slot the first freed, so a crash in it must not show that slot through
 *       the old map), a field lengthened to the whole slot (in the spare slot its length and bytes
 *       span three lines), shortened, made absent. Deleting the slot's write-back, the fence before
 *       the map store, or the map's write-back or final fence each makes an image fail.
 * </ul>
 */
class RecordUpdateCrashTest {
  private static final int FIELDS = 10;
  private static final int CAPACITY = 100;
  private static final String FULL = "x".repeat(CAPACITY);

  private static byte[] text(String s) {
    return s == null ? null : s.getBytes(StandardCharsets.ISO_8859_1);
  }

  /** The record as {@code i=value} (absent: {@code -}). */
  private static String describe(PRecord r) {
    StringBuilder b = new StringBuilder();
    for (int i = 0; i < FIELDS; i++) {
      byte[] v = r.get(i);
      b.append(i).append('=').append(v == null ? "-" : new String(v, StandardCharsets.ISO_8859_1));
      b.append(' ');
    }
    return b.toString().trim();
  }

  /**
   * The record with the fields in {@code changed} as given ({@code -}: absent), others as set up.
   */
  private static String state(Map<Integer, String> changed) {
    StringBuilder b = new StringBuilder();
    for (int i = 0; i < FIELDS; i++) {
      b.append(i).append('=').append(changed.getOrDefault(i, "init" + i)).append(' ');
    }
    return b.toString().trim();
  }

  /** The record {@code initI} in each field I, persisted and named {@code r}. */
  private static final CrashCheck SETUP =
      heap -> {
        byte[][] values = new byte[FIELDS][];
        for (int i = 0; i < FIELDS; i++) values[i] = text("init" + i);
        PRecord r = PRecord.create(heap, values, CAPACITY);
        r.persist();
        heap.roots().put("r", r);
      };

  private static PRecord root(Heap heap) {
    return heap.roots().get("r");
  }

  /**
   * Changes applied in the order given (a {@code Map.of}'s order changes from one JVM to the next):
   * field 7 then 2 puts the first block's entry for field 7 before field 2's, which the second
   * block's first batch then partly overwrites (the image J-PFA's recovery once rolled back in
   * part).
   */
  private static Map<Integer, String> ordered(int f1, String v1, int f2, String v2) {
    Map<Integer, String> m = new LinkedHashMap<>();
    m.put(f1, v1);
    m.put(f2, v2);
    return m;
  }

  @Test
  void aBlockUpdateIsAllOrNothing() {
    explore(
        "ycsb: record fields replaced in place in a block",
        CrashModel.EVICTION,
        List.of(ordered(7, "a", 2, FULL), ordered(9, FULL, 2, "b"), ordered(7, null, 9, "c")),
        (r, changes) -> FA.run(r.heap(), () -> r.replaceInPlace(changes)));
  }

  @ParameterizedTest
  @EnumSource(CrashModel.class)
  void aSwappingUpdateIsAllOrNothingAndDurable(CrashModel model) {
    List<Map<Integer, String>> steps = new ArrayList<>();
    Object[][] fieldValues = {{3, FULL}, {3, "a"}, {8, "bb"}, {3, null}, {8, FULL}};
    for (Object[] fv : fieldValues) {
      Map<Integer, String> step = new LinkedHashMap<>();
      step.put((Integer) fv[0], (String) fv[1]);
      steps.add(step);
    }
    explore(
        "ycsb: record field swapped into the spare slot, " + model,
        model,
        steps,
        (r, changes) -> changes.forEach(r::replaceSwapping));
  }

  /**
   * Runs {@code updates} ({@code null}: field absent) through {@code apply} on the set-up record,
   * each acknowledged when it returns and followed by a fence (a crash point after each update,
   * whatever the update fenced), and checks every image against the history they make.
   */
  private static void explore(
      String name,
      CrashModel model,
      List<Map<Integer, String>> updates,
      BiConsumer<PRecord, Map<Integer, byte[]>> apply) {
    Map<Integer, String> shown = new LinkedHashMap<>();
    Linearizable<String> h = new Linearizable<>(state(shown));
    for (Map<Integer, String> u : updates) {
      u.forEach((i, v) -> shown.put(i, v == null ? "-" : v));
      h.then(state(shown));
    }
    CrashStats s =
        CrashTest.named(name)
            .config(CrashConfig.standard(model))
            .setup(SETUP)
            .workload(
                heap -> {
                  PRecord r = root(heap);
                  for (Map<Integer, String> u : updates) {
                    Map<Integer, byte[]> changes = new LinkedHashMap<>();
                    u.forEach((i, v) -> changes.put(i, text(v)));
                    apply.accept(r, changes);
                    h.ack();
                    Pmem.pfence();
                  }
                })
            .check(heap -> h.check(describe(root(heap))))
            .run();
    assertTrue(s.images() > s.fences(), s.toString());
  }

  @Test
  void outsideABlockAnInPlaceUpdateIsRefused() throws Exception {
    try (TestHeaps t = new TestHeaps()) {
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

package org.jnvm.ycsb.jpdt;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import org.jnvm.core.heap.Heap;
import org.jnvm.emulation.crash.CrashConfig;
import org.jnvm.emulation.crash.CrashModel;
import org.jnvm.emulation.crash.CrashStats;
import org.jnvm.emulation.crash.CrashTest;
import org.jnvm.emulation.crash.Linearizable;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The J-PDT rows' update ({@link PRecord#replaceSwapping}: the new bytes into the spare slot, then
 * one 8-byte store of the slot map) under both crash models: at every fence, every image a power
 * failure could leave recovers to the record before or after each update, never a field with the
 * other version's bytes or length, and each acknowledged update survives.
 *
 * <p>The updates rewrite one field twice in a row (the second writes the slot the first freed, so a
 * crash in it must not show that slot through the old map), lengthen a field to the whole slot (its
 * bytes span two lines beyond the length's), shorten it, and make a field absent. Deleting the
 * slot's write-back, the fence before the map store, or the map's write-back or final fence each
 * makes an image fail.
 */
class SwappingUpdateCrashTest {
  private static final int FIELDS = 10;
  private static final int CAPACITY = 100;

  private static byte[] text(String s) {
    return s == null ? null : s.getBytes(StandardCharsets.ISO_8859_1);
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

  /** The record with fields 3 and 8 as given ("-": absent), the others as set up. */
  private static String state(String f3, String f8) {
    StringBuilder b = new StringBuilder();
    for (int i = 0; i < FIELDS; i++) {
      String v = i == 3 ? f3 : i == 8 ? f8 : "init" + i;
      b.append(i).append('=').append(v).append(' ');
    }
    return b.toString().trim();
  }

  @ParameterizedTest
  @EnumSource(CrashModel.class)
  void aSwappingUpdateIsAllOrNothingAndDurable(CrashModel model) {
    String full = "y".repeat(CAPACITY);
    String[][] steps = {{"3", full}, {"3", "a"}, {"8", "bb"}, {"3", null}, {"8", full}};
    Linearizable<String> h = new Linearizable<>(state("init3", "init8"));
    String f3 = "init3";
    String f8 = "init8";
    for (String[] s : steps) {
      if (s[0].equals("3")) f3 = s[1] == null ? "-" : s[1];
      else f8 = s[1] == null ? "-" : s[1];
      h.then(state(f3, f8));
    }
    CrashStats s =
        CrashTest.named("ycsb: record field swapped into the spare slot, " + model)
            .config(CrashConfig.standard(model))
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
                  for (String[] step : steps) {
                    r.replaceSwapping(Integer.parseInt(step[0]), text(step[1]));
                    h.ack();
                  }
                })
            .check(heap -> h.check(describe(root(heap))))
            .run();
    assertTrue(s.images() > s.fences(), s.toString());
  }

  private static PRecord root(Heap heap) {
    return heap.roots().get("r");
  }
}

package org.jnvm.emulation.crash;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.jnvm.core.heap.Heap;
import org.jnvm.core.heap.Node;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A simulator that never fails is worthless: each deliberately broken toy structure must be caught
 * (under the models that can see its bug), and each correct version must pass.
 */
class SimulatorSelfTest {

  /** A toy: a workload over the cell in root "c", and the invariant its images must keep. */
  interface Toy {
    void write(Cell c, Heap h);

    void check(Cell c, int acked);
  }

  /** Publishes data with a valid flag on another line; data must be there when valid is set. */
  static final class Flag implements Toy {
    private final boolean pwbData;
    private final boolean fenceBetween;
    private final boolean flagFirst;

    Flag(boolean pwbData, boolean fenceBetween, boolean flagFirst) {
      this.pwbData = pwbData;
      this.fenceBetween = fenceBetween;
      this.flagFirst = flagFirst;
    }

    @Override
    public void write(Cell c, Heap h) {
      c.set(Cell.DATA, 42);
      if (flagFirst) c.set(Cell.VALID, 1); // stored before the data is durable
      if (pwbData) c.pwb(Cell.DATA);
      if (fenceBetween) Cell.fence();
      c.set(Cell.VALID, 1);
      c.pwb(Cell.VALID);
      Cell.fence();
    }

    @Override
    public void check(Cell c, int acked) {
      if (c.get(Cell.VALID) == 1) assertEquals(42, c.get(Cell.DATA), "valid set, data lost");
      if (acked > 0) assertEquals(1, c.get(Cell.VALID), "acknowledged write lost");
    }
  }

  /** A 16-byte record (a, ~a) updated in place (torn) or through a copy and a flip. */
  static final class Record implements Toy {
    private final boolean inPlace;

    Record(boolean inPlace) {
      this.inPlace = inPlace;
    }

    @Override
    public void write(Cell c, Heap h) {
      if (inPlace) {
        c.set(Cell.REC_A, 7);
        c.set(Cell.REC_B, ~7L);
        c.pwb(Cell.REC_A);
        Cell.fence();
        return;
      }
      Cell copy = new Cell(h);
      copy.set(Cell.REC_A, 7);
      copy.set(Cell.REC_B, ~7L);
      copy.persist();
      c.ref(copy);
      c.pwb(Cell.REF);
      Cell.fence();
    }

    @Override
    public void check(Cell c, int acked) {
      Cell r = c.ref() == null ? c : c.ref();
      assertEquals(~r.get(Cell.REC_A), r.get(Cell.REC_B), "torn record");
      if (acked > 0) assertEquals(7, r.get(Cell.REC_A), "acknowledged write lost");
    }
  }

  /** Links a new object; with persist=false its data is never written back. */
  static final class Publish implements Toy {
    private final boolean persist;

    Publish(boolean persist) {
      this.persist = persist;
    }

    @Override
    public void write(Cell c, Heap h) {
      Node n = new Node(h, 99);
      if (persist) n.persist();
      c.ref(n);
      c.pwb(Cell.REF);
      Cell.fence();
    }

    @Override
    public void check(Cell c, int acked) {
      Node n = c.ref();
      if (n != null) assertEquals(99, n.value());
      if (acked > 0) assertEquals(99, n.value());
    }
  }

  static Stream<Arguments> toys() {
    CrashModel f = CrashModel.FLUSH_ONLY;
    CrashModel e = CrashModel.EVICTION;
    return Stream.of(
        // name, toy, model, expect failure
        Arguments.of("missing pwb", new Flag(false, true, false), f, true),
        Arguments.of("missing pwb", new Flag(false, true, false), e, true),
        Arguments.of("missing fence", new Flag(true, false, false), f, true),
        Arguments.of("missing fence", new Flag(true, false, false), e, true),
        Arguments.of("flag stored before data durable", new Flag(true, true, true), f, false),
        Arguments.of("flag stored before data durable", new Flag(true, true, true), e, true),
        Arguments.of("correct flag", new Flag(true, true, false), f, false),
        Arguments.of("correct flag", new Flag(true, true, false), e, false),
        Arguments.of("torn 16-byte write", new Record(true), f, false),
        Arguments.of("torn 16-byte write", new Record(true), e, true),
        Arguments.of("copy and flip", new Record(false), f, false),
        Arguments.of("copy and flip", new Record(false), e, false),
        Arguments.of("object linked before persisted", new Publish(false), f, true),
        Arguments.of("object linked before persisted", new Publish(false), e, true),
        Arguments.of("object persisted then linked", new Publish(true), f, false),
        Arguments.of("object persisted then linked", new Publish(true), e, false));
  }

  @ParameterizedTest(name = "{0} under {2}: caught={3}")
  @MethodSource("toys")
  void catchesEachBrokenToyAndPassesEachCorrectOne(
      String name, Toy toy, CrashModel model, boolean broken) {
    CrashTest test = toyTest(name, toy, CrashConfig.standard(model));
    if (broken) {
      CrashFailure failure = assertThrows(CrashFailure.class, test::run);
      assertTrue(
          failure.getMessage().contains("reproduce: config.withSeed("), failure.getMessage());
    } else {
      CrashStats s = test.run();
      assertTrue(s.images() > 0, "images were checked: " + s);
    }
  }

  static CrashTest toyTest(String name, Toy toy, CrashConfig cfg) {
    AtomicInteger acked = new AtomicInteger();
    return CrashTest.named(name)
        .config(cfg)
        .setup(
            h -> {
              Cell c = new Cell(h);
              c.set(Cell.REC_B, ~0L); // the record (0, ~0) is consistent from the start
              h.roots().put("c", c);
            })
        .workload(
            h -> {
              toy.write(h.roots().get("c"), h);
              acked.set(1);
            })
        .check(h -> toy.check(h.roots().get("c"), acked.get()));
  }

  @Test
  void aFailureReproducesFromItsSeedAndPoint() {
    Toy toy = new Flag(true, true, true);
    CrashConfig cfg = CrashConfig.quick(CrashModel.EVICTION).withSeed(77);
    CrashFailure first = assertThrows(CrashFailure.class, () -> toyTest("repro", toy, cfg).run());
    CrashConfig again = cfg.withSeed(first.seed()).withOnlyPoint(first.point());
    CrashFailure second =
        assertThrows(CrashFailure.class, () -> toyTest("repro", toy, again).run());
    assertEquals(first.point(), second.point());
    assertTrue(
        second.getMessage().contains("lines beyond media in this image"), second.getMessage());
    assertTrue(second.getMessage().contains("SimulatorSelfTest"), second::getMessage);
  }

  @Test
  void everyDirtyLineCombinationIsEnumeratedWhenSmall() {
    // two lines, three versions each under EVICTION: 3 x 3 = 9 images at the fence
    CrashStats s =
        CrashTest.named("enumerate")
            .config(CrashConfig.quick(CrashModel.EVICTION).withPointStride(1))
            .setup(h -> h.roots().put("c", new Cell(h)))
            .workload(
                h -> {
                  Cell c = h.roots().get("c");
                  c.set(Cell.DATA, 1);
                  c.set(Cell.DATA, 2);
                  c.set(Cell.VALID, 1);
                  c.set(Cell.VALID, 2);
                  Cell.fence();
                })
            .run();
    // 9 at the fence, 9 again at the end: the end is always explored (acknowledgements may have
    // changed what the check expects), and the lines, never written back, are still dirty
    assertEquals(18, s.images(), "9 at the fence, 9 at the end: " + s);
  }
}

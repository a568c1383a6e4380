package org.jnvm.emulation.crash;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The reader checker ({@link CrashTest#reader}, {@link Linearizable#read}) must catch a toy that
 * shows a value to readers (a volatile cache of the cell's data) before the value is durable, pass
 * the toy that shows it only after, and must not change the images a test without a reader checks.
 */
class DurableReadsSelfTest {
  /** Writes 1, 2, 3 to the cell's data word; {@code early}: the cache shows each before it. */
  private static CrashTest toy(boolean early, Linearizable<Long> h, AtomicLong cache) {
    return CrashTest.named(early ? "shown before durable" : "shown after durable")
        .model(CrashModel.EVICTION)
        .setup(heap -> heap.roots().put("c", new Cell(heap)))
        .reader(heap -> h.read(cache.get()))
        .workload(
            heap -> {
              Cell c = heap.roots().get("c");
              for (long v = 1; v <= 3; v++) {
                if (early) cache.set(v);
                c.set(Cell.DATA, v);
                c.pwb(Cell.DATA);
                Cell.fence();
                cache.set(v);
                h.ack();
              }
            })
        .check(heap -> h.check(heap.roots().<Cell>get("c").get(Cell.DATA)));
  }

  private static Linearizable<Long> history() {
    return new Linearizable<>(0L).then(1L).then(2L).then(3L);
  }

  @ParameterizedTest(name = "shown early: {0}")
  @ValueSource(booleans = {true, false})
  void catchesAValueShownBeforeItIsDurable(boolean early) {
    CrashTest t = toy(early, history(), new AtomicLong());
    if (early) {
      CrashFailure f = assertThrows(CrashFailure.class, t::run);
      assertTrue(f.getMessage().contains("a value seen by a reader was lost"), f::getMessage);
    } else {
      assertTrue(t.run().images() > 3);
    }
  }

  @Test
  void theReaderRunsBetweenEveryTwoPersistentInstructions() {
    AtomicInteger reads = new AtomicInteger();
    CrashStats s =
        CrashTest.named("reader count")
            .model(CrashModel.EVICTION)
            .setup(heap -> heap.roots().put("c", new Cell(heap)))
            .reader(heap -> reads.incrementAndGet())
            .workload(
                heap -> {
                  Cell c = heap.roots().get("c");
                  c.set(Cell.DATA, 1);
                  c.pwb(Cell.DATA);
                  Cell.fence();
                })
            .run();
    assertEquals(s.stores() + s.pwbs() + s.fences(), reads.get(), s::toString);
  }

  @Test
  void aReaderThatWritesIsRefused() {
    CrashTest t =
        CrashTest.named("writing reader")
            .model(CrashModel.EVICTION)
            .setup(heap -> heap.roots().put("c", new Cell(heap)))
            .reader(heap -> heap.roots().<Cell>get("c").set(Cell.VALID, 9))
            .workload(heap -> heap.roots().<Cell>get("c").set(Cell.DATA, 1));
    AssertionError e = assertThrows(AssertionError.class, t::run);
    assertTrue(e.getMessage().contains("a concurrent reader stored"), e::getMessage);
  }
}

package org.jnvm.emulation.crash;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * The crash point after the workload is always explored: an operation acknowledged after its last
 * fence, whose store was never written back (or that stored nothing at all), must be caught there,
 * although no event changed the possible images since the fence.
 */
class FinalPointSelfTest {
  private static CrashTest toy(boolean writeBack, AtomicInteger acked) {
    return CrashTest.named("acknowledged without write-back: " + !writeBack)
        .model(CrashModel.EVICTION)
        .setup(heap -> heap.roots().put("c", new Cell(heap)))
        .workload(
            heap -> {
              Cell c = heap.roots().get("c");
              c.set(Cell.DATA, 1);
              if (writeBack) c.pwb(Cell.DATA);
              Cell.fence();
              acked.set(1);
            })
        .check(
            heap -> {
              if (acked.get() == 1) assertEquals(1, heap.roots().<Cell>get("c").get(Cell.DATA));
            });
  }

  @Test
  void aStoreNeverWrittenBackIsCaughtAtTheEnd() {
    CrashFailure f = assertThrows(CrashFailure.class, () -> toy(false, new AtomicInteger()).run());
    assertTrue(f.getMessage().contains("expected: <1> but was: <0>"), f::getMessage);
  }

  @Test
  void theCorrectVersionPasses() {
    assertTrue(toy(true, new AtomicInteger()).run().images() > 0);
  }
}

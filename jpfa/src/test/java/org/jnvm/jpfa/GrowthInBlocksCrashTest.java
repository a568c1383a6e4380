package org.jnvm.jpfa;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.atomic.AtomicInteger;
import org.jnvm.core.heap.Heap;
import org.jnvm.core.heap.HeapOptions;
import org.jnvm.emulation.crash.CrashCheck;
import org.jnvm.emulation.crash.CrashConfig;
import org.jnvm.emulation.crash.CrashModel;
import org.jnvm.emulation.crash.CrashStats;
import org.jnvm.emulation.crash.CrashTest;
import org.junit.jupiter.api.Test;

/**
 * Heap growth inside failure-atomic blocks, under the EVICTION model: each block allocates a chain
 * of fresh accounts larger than a growth step (64 KiB), so its allocations grow the heap in the
 * middle of the block, hangs the chain from account 0 (a logged store) and frees the chain the
 * previous block hung there. At every crash point the image opens (every reference inside the
 * reserved chunks) and recovers to the state before or after each block: account 0 names its block,
 * the chain it links is whole and of that block, and the live objects after the open's sweep are
 * exactly the accounts and that one chain (no old chain or half-linked new one reachable).
 */
class GrowthInBlocksCrashTest {
  private static final int BLOCKS = 3;

  /** 64 B accounts: 1,200 fill more than one 64 KiB chunk. */
  private static final int CHAIN = 1_200;

  @Test
  void blocksWhoseAllocationsGrowTheHeapAreAllOrNothing() throws Exception {
    CrashCheck setup =
        heap -> {
          Bank b = Bank.create(heap, 1);
          FA.run(heap, () -> b.get(0).tag(0)); // the log exists before tracking
        };
    long live = FaCrashTest.baseline(setup);
    AtomicInteger acked = new AtomicInteger();
    AtomicInteger grew = new AtomicInteger();
    CrashStats s =
        CrashTest.named("jpfa: blocks that grow the heap")
            .config(CrashConfig.standard(CrashModel.EVICTION))
            .heapSize(4 << 20)
            .options(HeapOptions.DEFAULT.withGrowthStep(64 << 10))
            .setup(setup)
            .workload(
                heap -> {
                  Bank b = Bank.open(heap);
                  int before = heap.reservedChunks();
                  for (int i = 1; i <= BLOCKS; i++) {
                    int block = i;
                    FA.run(heap, () -> replaceChain(heap, b.get(0), block));
                    acked.set(i);
                  }
                  grew.set(heap.reservedChunks() - before);
                })
            .check(heap -> check(heap, acked.get(), live))
            .run();
    // blocks 1 and 2 grow the heap; block 3 may reuse what block 2 freed of block 1's chain
    assertTrue(grew.get() >= 2, "the blocks grew the heap: chunks added=" + grew.get());
    assertTrue(s.images() > 0, "crash images: " + s);
    assertEquals(BLOCKS, acked.get());
  }

  /** Allocates a chain of {@link #CHAIN} accounts of balance {@code block}, frees the old one. */
  private static void replaceChain(Heap heap, Account root, int block) {
    for (Account a = root.link(); a != null; a = a.link()) heap.free(a);
    Account head = null;
    for (int j = 0; j < CHAIN; j++) {
      Account a = new Account(heap, block);
      a.link(head);
      head = a;
    }
    root.link(head);
    root.balance(block);
  }

  /**
   * Account 0 names the last block that took effect, acked or the one after; its chain is whole.
   */
  private static void check(Heap heap, int acked, long baseline) {
    Account root = Bank.open(heap).get(0);
    long state = root.balance() == 100 ? 0 : root.balance();
    assertTrue(
        state == acked || state == acked + 1, "state " + state + " after " + acked + " acks");
    int length = 0;
    for (Account a = root.link(); a != null; a = a.link()) {
      assertEquals(state, a.balance(), "chain account " + length + " of block " + state);
      length++;
    }
    assertEquals(state == 0 ? 0 : CHAIN, length, "chain of block " + state);
    assertEquals(
        baseline + length, heap.recoveryReport().liveObjects(), "live objects in state " + state);
  }
}

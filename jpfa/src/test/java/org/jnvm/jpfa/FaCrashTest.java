package org.jnvm.jpfa;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.atomic.AtomicReference;
import org.jnvm.core.heap.Heap;
import org.jnvm.core.heap.TestHeaps;
import org.jnvm.emulation.crash.CrashCheck;
import org.jnvm.emulation.crash.CrashConfig;
import org.jnvm.emulation.crash.CrashModel;
import org.jnvm.emulation.crash.CrashStats;
import org.jnvm.emulation.crash.CrashTest;
import org.jnvm.emulation.crash.Linearizable;
import org.junit.jupiter.api.Test;

/**
 * Failure-atomic blocks under the EVICTION model: at every fence, every image a power failure could
 * leave recovers (the real recovery, log replay included) to the state before or after each block,
 * never in between, with exactly the objects that state reaches (no allocation of an unfinished
 * block survives, no free of a finished one is lost).
 *
 * <p>The setup (untracked) creates three accounts of 100, 200 and 300, links an old account of
 * balance 7 from the second one, and runs one block so the log exists. States are written as {@code
 * balance/count/tag/link} per account (link: the linked account's balance), then the number of live
 * objects after recovery.
 */
class FaCrashTest {
  private static final String S0 = "100/0/0/- 200/0/0/7 300/0/0/-";

  private static CrashConfig eviction() {
    return CrashConfig.standard(CrashModel.EVICTION);
  }

  static void setup(Heap h) {
    Bank b = Bank.create(h, 3);
    Account old = new Account(h, 7);
    old.persist();
    FA.run(h, () -> b.get(1).link(old));
  }

  /** Live objects after recovering what {@code setup} leaves: the same in every state below. */
  static long baseline(CrashCheck setup) throws Exception {
    try (TestHeaps t = new TestHeaps()) {
      java.nio.file.Path p = t.path("baseline");
      try (Heap h = Heap.create(p, 512 << 10)) {
        setup.accept(h);
      }
      try (Heap h = Heap.open(p)) {
        return h.recoveryReport().liveObjects();
      }
    }
  }

  static String observe(Heap h) {
    return Bank.open(h).describe() + " live=" + h.recoveryReport().liveObjects();
  }

  private static Linearizable<String> history(long live, String... states) {
    Linearizable<String> h = new Linearizable<>(S0 + " live=" + live);
    for (String s : states) h.then(s + " live=" + live);
    return h;
  }

  @Test
  void blockOfSeveralFieldsObjectsAllocationAndFreeIsAllOrNothing() throws Exception {
    long live = baseline(FaCrashTest::setup);
    Linearizable<String> h =
        history(live, "90/1/0/42 204/0/0/- 306/0/1/-", "90/1/0/43 203/0/0/- 307/0/2/-");
    CrashStats s =
        CrashTest.named("jpfa: fields of three objects, allocate, free")
            .config(eviction())
            .setup(FaCrashTest::setup)
            .workload(
                heap -> {
                  Bank b = Bank.open(heap);
                  FA.run(
                      heap,
                      () -> {
                        Account n = new Account(heap, 42);
                        b.get(0).balance(b.get(0).balance() - 10);
                        b.get(0).count(1);
                        b.get(1).balance(b.get(1).balance() + 4);
                        b.get(2).balance(b.get(2).balance() + 6);
                        b.get(2).tag(1);
                        Account old = b.get(1).link();
                        b.get(1).link(null);
                        heap.free(old);
                        b.get(0).link(n);
                      });
                  h.ack();
                  FA.run(
                      heap,
                      () -> {
                        b.get(0).link().balance(43);
                        b.get(1).balance(b.get(1).balance() - 1);
                        b.get(2).balance(b.get(2).balance() + 1);
                        b.get(2).tag(2);
                      });
                  h.ack();
                })
            .check(heap -> h.check(observe(heap)))
            .run();
    assertTrue(s.images() > s.fences(), s.toString());
  }

  /** A three-line object logged whole when a block reaches its second line. */
  @Test
  void aSmallObjectLoggedWholeIsAllOrNothing() {
    Linearizable<String> h = new Linearizable<>(wide(0));
    h.then(wide(1)).then(wide(2));
    CrashTest.named("jpfa: three-line object logged whole")
        .config(eviction())
        .setup(
            heap -> {
              Wide w = new Wide(heap);
              w.persist();
              heap.roots().put("w", w);
              FA.run(heap, () -> w.set(0, 0));
            })
        .workload(
            heap -> {
              Wide w = heap.roots().get("w");
              for (int round = 1; round <= 2; round++) {
                long r = round;
                FA.run(
                    heap,
                    () -> {
                      for (int i = Wide.FIELDS - 1; i >= 0; i -= 5) w.set(i, r * 100 + i);
                      for (int i = 0; i < Wide.FIELDS; i++) w.set(i, r * 100 + i);
                    });
                h.ack();
              }
            })
        .check(
            heap -> {
              Wide w = heap.roots().get("w");
              StringBuilder b = new StringBuilder();
              for (int i = 0; i < Wide.FIELDS; i++) b.append(w.get(i)).append(' ');
              h.check(b.toString());
            })
        .run();
  }

  /**
   * The next block of a log overwrites the entries of the block before it, whose IDLE word may not
   * be durable yet (committed blocks truncate lazily): until the next block's undo fence, media can
   * hold the earlier block's COMMITTED record with some of its entries replaced by the next
   * block's. The record then no longer checks, yet the block it describes is durable whole (the
   * next block began after its commit fence): recovery must keep it, not roll back the entries left
   * valid. Block 1 logs a line of {@code a}, then one of {@code b} (entries 0 and 1, two undo
   * fences); block 2 logs three lines of {@code c} in one batch, over entries 0 to 2. The image
   * with entry 1 replaced and entry 0 intact rolled back {@code a} alone before the fix.
   */
  @Test
  void aCommittedBlockSurvivesTheNextBlockOverwritingItsEntries() {
    Linearizable<String> h = new Linearizable<>("a=0 b=0 c=0/0");
    h.then("a=1 b=1 c=0/0").then("a=1 b=1 c=2/2");
    CrashTest.named("jpfa: the next block overwrites a committed block's entries")
        .config(eviction())
        .setup(
            heap -> {
              for (String name : new String[] {"a", "b", "c"}) {
                Wide w = new Wide(heap);
                w.persist();
                heap.roots().put(name, w);
              }
              Wide c = heap.roots().get("c");
              FA.run(heap, () -> c.set(1, 0)); // the log exists
            })
        .workload(
            heap -> {
              Wide a = heap.roots().get("a");
              Wide b = heap.roots().get("b");
              Wide c = heap.roots().get("c");
              FA.run(
                  heap,
                  () -> {
                    a.set(0, 1);
                    b.set(0, 1);
                  });
              h.ack();
              FA.run(
                  heap,
                  () -> {
                    Hooks.beforeStore(c, 0, 8L * Wide.FIELDS); // three lines, one batch
                    c.set(0, 2);
                    c.set(Wide.FIELDS - 1, 2);
                  });
              h.ack();
            })
        .check(
            heap -> {
              Wide a = heap.roots().get("a");
              Wide b = heap.roots().get("b");
              Wide c = heap.roots().get("c");
              h.check(
                  "a="
                      + a.get(0)
                      + " b="
                      + b.get(0)
                      + " c="
                      + c.get(0)
                      + "/"
                      + c.get(Wide.FIELDS - 1));
            })
        .run();
  }

  private static String wide(long round) {
    StringBuilder b = new StringBuilder();
    for (int i = 0; i < Wide.FIELDS; i++) b.append(round == 0 ? 0 : round * 100 + i).append(' ');
    return b.toString();
  }

  @Test
  void nestedBlocksAreOneBlock() throws Exception {
    long live = baseline(FaCrashTest::setup);
    Linearizable<String> h = history(live, "101/1/0/- 201/0/0/- 300/0/0/50");
    CrashTest.named("jpfa: nested blocks flatten")
        .config(eviction())
        .setup(FaCrashTest::setup)
        .workload(
            heap -> {
              Bank b = Bank.open(heap);
              FA.run(
                  heap,
                  () -> {
                    b.get(0).balance(b.get(0).balance() + 1);
                    FA.run(heap, () -> b.get(2).link(new Account(heap, 50)));
                    FA.run(
                        heap,
                        () -> {
                          Account old = b.get(1).link();
                          b.get(1).link(null);
                          heap.free(old);
                          b.get(1).balance(b.get(1).balance() + 1);
                        });
                    b.get(0).count(1);
                  });
              h.ack();
            })
        .check(heap -> h.check(observe(heap)))
        .run();
  }

  @Test
  void abortedBlocksLeaveNoTraceAndTheNextBlockCommits() throws Exception {
    long live = baseline(FaCrashTest::setup);
    Linearizable<String> h = history(live, S0, S0, "100/0/0/- 200/0/0/7 301/0/0/-");
    CrashTest.named("jpfa: aborted blocks")
        .config(eviction())
        .setup(FaCrashTest::setup)
        .workload(
            heap -> {
              Bank b = Bank.open(heap);
              assertThrows(
                  IllegalStateException.class,
                  () ->
                      FA.run(
                          heap,
                          () -> {
                            b.get(0).balance(0);
                            b.get(1).balance(0);
                            b.get(0).link(new Account(heap, 99));
                            Account old = b.get(1).link();
                            b.get(1).link(null);
                            heap.free(old);
                            throw new IllegalStateException("abort");
                          }));
              h.ack();
              assertThrows(
                  BlockAbortedException.class,
                  () ->
                      FA.run(
                          heap,
                          () -> {
                            b.get(2).balance(1);
                            try {
                              FA.run(
                                  heap,
                                  () -> {
                                    b.get(0).balance(5);
                                    throw new IllegalArgumentException("inner");
                                  });
                            } catch (IllegalArgumentException expected) {
                              // the outer block is doomed now
                            }
                          }));
              h.ack();
              FA.run(heap, () -> b.get(2).balance(b.get(2).balance() + 1));
              h.ack();
            })
        .check(heap -> h.check(observe(heap)))
        .run();
  }

  @Test
  void aBlockThatGrowsTheLogIsAllOrNothing() throws Exception {
    int n = LogSegmentLayout.capacity(0) + 4;
    CrashCheck setup =
        heap -> {
          Bank b = Bank.create(heap, n);
          FA.run(heap, () -> b.get(0).tag(0));
        };
    StringBuilder before = new StringBuilder();
    StringBuilder after = new StringBuilder();
    for (int i = 0; i < n; i++) {
      before.append(100L * (i + 1)).append("/0/0/- ");
      after.append(100L * (i + 1) + 1).append("/0/0/- ");
    }
    Linearizable<String> h =
        new Linearizable<>(before.toString().trim()).then(after.toString().trim());
    CrashTest.named("jpfa: block of " + n + " lines grows the log")
        .config(eviction())
        .heapSize(1 << 20)
        .setup(setup)
        .workload(
            heap -> {
              Bank b = Bank.open(heap);
              FA.run(
                  heap,
                  () -> {
                    for (Account a : b.accounts) a.balance(a.balance() + 1);
                  });
              h.ack();
              assertEquals(2, HeapLogs.of(heap).all()[0].segmentCount());
            })
        .check(heap -> h.check(Bank.open(heap).describe()))
        .run();
  }

  /**
   * A block of another thread stores to a line whose last block's truncation is still pending: its
   * undo fence must make that truncation durable, or a crash could roll the old block forward over
   * the new one. Two logs exist before tracking starts, so creating one hides nothing.
   */
  @Test
  void aLaterBlockOfAnotherLogIsNeverUndoneByAStaleLog() throws Exception {
    CrashCheck setup =
        heap -> {
          setup(heap);
          Bank b = Bank.open(heap);
          FA.run(heap, () -> inThread(() -> FA.run(heap, () -> b.get(2).tag(0))));
          assertEquals(2, HeapLogs.of(heap).all().length);
        };
    long live = baseline(setup);
    Linearizable<String> h =
        history(
            live,
            "1/0/0/- 200/0/0/7 300/0/0/-",
            "2/0/0/- 200/0/0/7 300/0/0/-",
            "2/0/0/- 5/0/0/7 300/0/0/-");
    CrashTest.named("jpfa: pending truncation of another log")
        .config(eviction())
        .setup(setup)
        .workload(
            heap -> {
              Bank b = Bank.open(heap);
              FA.run(heap, () -> b.get(0).balance(1));
              h.ack();
              FA.run(
                  heap,
                  () -> {
                    inThread(() -> FA.run(heap, () -> b.get(0).balance(2)));
                    h.ack();
                    b.get(1).balance(5);
                  });
              h.ack();
            })
        .check(heap -> h.check(observe(heap)))
        .run();
  }

  /**
   * A block writes an object and unlinks it, a second block frees it (with no store of its own),
   * low -level code then allocates in the freed slot and publishes the new object. The first
   * block's log must not roll its copy of the old object forward into the new one after a crash:
   * frees wait for every pending truncation, the freeing block's own log included.
   */
  @Test
  void aFreedLineIsNeverRolledForwardIntoTheObjectReusingIt() throws Exception {
    long live = baseline(FaCrashTest::setup);
    String s1 = "100/0/0/- 200/0/0/- 300/0/0/-";
    Linearizable<String> h =
        new Linearizable<>(S0 + " x=- live=" + live)
            .then(s1 + " x=- live=" + (live - 1))
            .then(s1 + " x=- live=" + (live - 1))
            .then(s1 + " x=11/0 live=" + (live + 1));
    long[] freedAt = new long[1];
    CrashTest.named("jpfa: freed slot reused by low-level code")
        .config(eviction())
        .setup(FaCrashTest::setup)
        .workload(
            heap -> {
              Bank b = Bank.open(heap);
              Account old = b.get(1).link();
              FA.run(
                  heap,
                  () -> {
                    old.tag(5);
                    b.get(1).link(null);
                  });
              h.ack();
              FA.run(heap, () -> heap.free(old));
              freedAt[0] = old.address();
              h.ack();
              Account x = new Account(heap, 11);
              assertEquals(freedAt[0], x.address(), "the freed slot is reused");
              x.persist();
              heap.roots().put("x", x);
              h.ack();
            })
        .check(
            heap -> {
              Account x = heap.roots().get("x");
              String xs = x == null ? "-" : x.balance() + "/" + x.tag();
              h.check(
                  Bank.open(heap).describe()
                      + " x="
                      + xs
                      + " live="
                      + heap.recoveryReport().liveObjects());
            })
        .run();
  }

  /** Runs {@code r} on a new thread and waits for it; its failure becomes this thread's. */
  static void inThread(Runnable r) throws InterruptedException {
    AtomicReference<Throwable> failure = new AtomicReference<>();
    Thread t = new Thread(r, "jpfa-test-other");
    t.setUncaughtExceptionHandler((th, e) -> failure.set(e));
    t.start();
    t.join();
    if (failure.get() != null) throw new AssertionError("other thread failed", failure.get());
  }
}

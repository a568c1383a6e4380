package org.jnvm.jpfa.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.jnvm.core.heap.Heap;
import org.jnvm.core.heap.TestHeaps;
import org.jnvm.core.pmem.Pmem;
import org.jnvm.jpfa.Account;
import org.jnvm.jpfa.Bank;
import org.jnvm.jpfa.FA;
import org.jnvm.jpfa.Wide;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What a failure-atomic block costs on the real backend, against the same update done by hand with
 * the low-level interface (store, write-back, fence: durable but not failure-atomic beyond one
 * word). Not a test; run as described in {@code docs/jpfa.md}.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(
    value = 1,
    jvmArgsAppend = {
      "--add-opens=java.base/jdk.internal.misc=ALL-UNNAMED",
      "--add-exports=java.base/jdk.internal.misc=ALL-UNNAMED",
      "-Djnvm.log=false"
    })
public class BlockBench {
  private Path path;
  private Heap heap;
  private Account a;
  private Account b;

  /** Line 1 of each (payload bytes 56 to 119, fields 7 to 14): the target and the by-hand log. */
  private Wide target;

  private Wide entry;
  private Wide copy;
  private Wide record;
  private long value;

  /** A field in line 1 of a {@link Wide}. */
  private static final int LINE_FIELD = 8;

  @Setup(Level.Trial)
  public void open() throws Exception {
    path = TestHeaps.dir().resolve("jnvm-bench-jpfa-" + ProcessHandle.current().pid());
    heap = Heap.create(path, 64 << 20);
    Bank bank = Bank.create(heap, 2);
    a = bank.get(0);
    b = bank.get(1);
    target = persisted(new Wide(heap));
    entry = persisted(new Wide(heap));
    copy = persisted(new Wide(heap));
    record = persisted(new Wide(heap));
    FA.run(heap, () -> a.balance(0));
  }

  private static Wide persisted(Wide w) {
    w.persist();
    return w;
  }

  @TearDown(Level.Trial)
  public void close() throws Exception {
    heap.close();
    Files.deleteIfExists(path);
  }

  /** Baseline: one field made durable by hand (store, write-back, fence). */
  @Benchmark
  public void lowLevelOneField() {
    a.balance(a.balance() + 1); // outside a block the hook does nothing
    a.pwbObject();
    Pmem.pfence();
  }

  @Benchmark
  public void emptyBlock() {
    FA.run(heap, () -> {});
  }

  @Benchmark
  public void oneFieldBlock() {
    FA.run(heap, () -> a.balance(a.balance() + 1));
  }

  /** Two accounts, two lines: three fences. */
  @Benchmark
  public void transferBlock() {
    FA.run(
        heap,
        () -> {
          a.balance(a.balance() - 1);
          b.balance(b.balance() + 1);
        });
  }

  /** Allocates an object, links it, frees the one it replaces: four fences. */
  @Benchmark
  public void allocateAndFreeBlock() {
    FA.run(
        heap,
        () -> {
          Account old = a.link();
          a.link(new Account(heap, 1));
          if (old != null) heap.free(old);
        });
  }

  /** One field of one line in a block: compare with {@link #oneLineUndoByHand}. */
  @Benchmark
  public void oneLineBlock() {
    long v = ++value;
    FA.run(heap, () -> target.set(LINE_FIELD, v));
  }

  /**
   * The memory operations of {@link #oneLineBlock} without the library: the line copied into an
   * undo entry (a line of words beside the copy), both written back, fence; the store; the line and
   * a commit record written back, fence; the record's state word stored again (the truncation).
   * What the block costs beyond this is the library's bookkeeping; the rest is the two fences and
   * the four lines a write-back evicts (clflushopt) and the next block writes again.
   */
  @Benchmark
  public void oneLineUndoByHand() {
    long v = ++value;
    long line = target.address() + Pmem.LINE;
    long e = entry.address() + Pmem.LINE;
    long c = copy.address() + Pmem.LINE;
    long r = record.address() + Pmem.LINE;
    Pmem.copy(line, c, Pmem.LINE);
    Pmem.putLong(e, line);
    Pmem.putLong(e + 8, v);
    Pmem.putLong(e + 16, v ^ Pmem.getLong(c));
    Pmem.pwb(e);
    Pmem.pwb(c);
    Pmem.pfence();
    target.setRaw(LINE_FIELD, v);
    Pmem.pwb(line);
    Pmem.putLong(r, 1);
    Pmem.putLong(r + 8, v);
    Pmem.putLong(r + 16, v);
    Pmem.pwb(r);
    Pmem.pfence();
    Pmem.putLong(r + 16, 0);
  }
}

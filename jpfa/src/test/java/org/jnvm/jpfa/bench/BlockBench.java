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

  @Setup(Level.Trial)
  public void open() throws Exception {
    path = TestHeaps.dir().resolve("jnvm-bench-jpfa-" + ProcessHandle.current().pid());
    heap = Heap.create(path, 64 << 20);
    Bank bank = Bank.create(heap, 2);
    a = bank.get(0);
    b = bank.get(1);
    FA.run(heap, () -> a.balance(0));
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
}

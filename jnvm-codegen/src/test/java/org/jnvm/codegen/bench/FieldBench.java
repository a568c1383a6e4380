package org.jnvm.codegen.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.jnvm.codegen.Generated;
import org.jnvm.core.JNVM;
import org.jnvm.core.heap.Heap;
import org.jnvm.core.heap.TestHeaps;
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
 * A generated class's field read and write against the same layout written by hand on the low-level
 * interface, and against a plain object. Each is called through {@link Cell} (one implementation
 * per fork, so the call is monomorphic and inlined). Not a test; run as described in
 * docs/codegen.md.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(
    value = 2,
    jvmArgsAppend = {
      "--add-opens=java.base/jdk.internal.misc=ALL-UNNAMED",
      "--add-exports=java.base/jdk.internal.misc=ALL-UNNAMED",
      "-Djnvm.log=false"
    })
public class FieldBench {
  private Path path;
  private Heap heap;
  private Cell generated;
  private HandCell hand;
  private Cell plain;
  private long next;

  @Setup(Level.Trial)
  public void open() throws Exception {
    path = TestHeaps.dir().resolve("jnvm-bench-codegen-" + ProcessHandle.current().pid());
    heap = Heap.create(path, 16 << 20);
    JNVM.use(heap);
    generated = Generated.create("org/jnvm/codegen/bench/gen", "GenCell", 7);
    hand = new HandCell(heap, 7);
    plain = new PlainCell(7);
  }

  @TearDown(Level.Trial)
  public void close() throws Exception {
    heap.close();
    Files.deleteIfExists(path);
  }

  @Benchmark
  public long readGenerated() {
    return generated.read();
  }

  @Benchmark
  public long readHand() {
    return ((Cell) hand).read();
  }

  @Benchmark
  public long readPlain() {
    return plain.read();
  }

  /** Store, then write the line back (no fence): the fa = "none" contract outside blocks. */
  @Benchmark
  public void writeGenerated() {
    generated.write(next++);
  }

  @Benchmark
  public void writeHand() {
    ((Cell) hand).write(next++);
  }

  /** The store alone, for scale: what the write-back costs. */
  @Benchmark
  public void writeHandStoreOnly() {
    hand.writeRaw(next++);
  }

  @Benchmark
  public void writePlain() {
    plain.write(next++);
  }
}

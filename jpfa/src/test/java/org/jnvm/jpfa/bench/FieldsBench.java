package org.jnvm.jpfa.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.jnvm.core.heap.Heap;
import org.jnvm.core.heap.TestHeaps;
import org.jnvm.core.pmem.Pmem;
import org.jnvm.jpfa.FA;
import org.jnvm.jpfa.Wide;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * A block updating 1, 4 or 16 long fields against the same updates made durable by hand (stores,
 * write-backs of the lines touched, one fence: durable, not failure-atomic). Two shapes: the fields
 * of one object (contiguous, 1 to 3 lines) and one field in each of n objects (n lines). Not a
 * test; run as described in {@code docs/jpfa.md}.
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
public class FieldsBench {
  @Param({"1", "4", "16"})
  int fields;

  @Param({"one-object", "n-objects"})
  String shape;

  private Path path;
  private Heap heap;
  private Wide[] objects;
  private long value;

  @Setup(Level.Trial)
  public void open() throws Exception {
    path = TestHeaps.dir().resolve("jnvm-bench-jpfa-fields-" + ProcessHandle.current().pid());
    heap = Heap.create(path, 64 << 20);
    objects = new Wide[shape.equals("one-object") ? 1 : fields];
    for (int i = 0; i < objects.length; i++) {
      objects[i] = new Wide(heap);
      objects[i].persist();
      heap.roots().put("w" + i, objects[i]);
    }
    FA.run(heap, () -> objects[0].set(0, 0)); // the thread's log exists before measuring
  }

  @TearDown(Level.Trial)
  public void close() throws Exception {
    heap.close();
    Files.deleteIfExists(path);
  }

  @Benchmark
  public void block() {
    long v = ++value;
    FA.run(heap, () -> update(v));
  }

  @Benchmark
  public void lowLevel() {
    long v = ++value;
    if (objects.length == 1) {
      for (int i = 0; i < fields; i++) objects[0].setRaw(i, v);
      objects[0].pwbFields(fields);
    } else {
      for (Wide w : objects) {
        w.setRaw(0, v);
        w.pwbFields(1);
      }
    }
    Pmem.pfence();
  }

  private void update(long v) {
    if (objects.length == 1) {
      for (int i = 0; i < fields; i++) objects[0].set(i, v);
    } else {
      for (Wide w : objects) w.set(0, v);
    }
  }
}

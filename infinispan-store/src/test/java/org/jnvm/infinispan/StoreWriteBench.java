package org.jnvm.infinispan;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.jnvm.core.heap.Heap;
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
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The store's own write and read paths without Infinispan (the segment maps a {@code write}, {@code
 * delete} and {@code load} reach), in store format 1 (J-PDT maps) and 2 (segment tables), one
 * thread, on the real gateway: a segment of 100,000 YCSB-like String keys with 100-byte inline
 * values; {@code insertRemove} inserts a new key and removes the oldest (the segment stays at its
 * size), {@code replace} overwrites a random key, {@code get} reads one. Microseconds per
 * operation.
 *
 * <p>A benchmark, not a test: run it as the module README says for {@code CacheBench}, with {@code
 * StoreWriteBench}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Threads(1)
@Fork(
    value = 1,
    jvmArgsAppend = {
      "--add-opens=java.base/jdk.internal.misc=ALL-UNNAMED",
      "--add-exports=java.base/jdk.internal.misc=ALL-UNNAMED",
      "-Xmx1g"
    })
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class StoreWriteBench {
  static final int KEYS = 100_000;

  @Param({"1", "2"})
  public int format;

  private Path file;
  private Heap heap;
  private SegmentMaps maps;
  private KeyForm[] keys;
  private EntryData value;
  private long next;
  private long oldest;
  private int rnd = 12345;

  @Setup(Level.Trial)
  public void setUp() throws Exception {
    file = TestPaths.heap("store-write-bench-" + format);
    heap = Heap.create(file, 512L << 20);
    StoreRoot root = StoreRoot.openOrCreate(heap, "bench", StoreMode.JPDT, 1, format);
    maps = new SegmentMaps(root, root.writer(false));
    byte[] v = "v".repeat(100).getBytes(StandardCharsets.UTF_8);
    value = new EntryData(null, v, EntryData.NO_METADATA, -1, -1, null, null, 1, 1, -1);
    keys = new KeyForm[KEYS];
    for (int i = 0; i < KEYS; i++) {
      keys[i] = key(i);
      maps.write(0, keys[i], value);
    }
    next = KEYS;
  }

  @TearDown(Level.Trial)
  public void tearDown() throws Exception {
    maps.close();
    heap.close();
    Files.deleteIfExists(file);
  }

  private static KeyForm key(long i) {
    return KeyForm.of("user" + (1_000_000_000_000L + i * 7919L));
  }

  private int random() {
    rnd ^= rnd << 13;
    rnd ^= rnd >>> 17;
    rnd ^= rnd << 5;
    return Math.floorMod(rnd, KEYS);
  }

  @Benchmark
  public boolean insertRemove() {
    maps.write(0, key(next++), value);
    return maps.delete(0, key(oldest++));
  }

  @Benchmark
  public void replace() {
    maps.write(0, keys[random()], value);
  }

  @Benchmark
  public Object get() {
    return maps.read(0, keys[random()], StoredEntry::read);
  }
}

package org.jnvm.infinispan.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.infinispan.Cache;
import org.infinispan.configuration.cache.ConfigurationBuilder;
import org.infinispan.manager.EmbeddedCacheManager;
import org.infinispan.persistence.sifs.configuration.SoftIndexFileStoreConfigurationBuilder;
import org.jnvm.core.heap.Heap;
import org.jnvm.infinispan.Caches;
import org.jnvm.infinispan.JnvmStore;
import org.jnvm.infinispan.StoreMode;
import org.jnvm.infinispan.TestPaths;
import org.jnvm.infinispan.configuration.JnvmStoreConfigurationBuilder;
import org.jnvm.jpdt.PByteArray;
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
 * Single-thread put and get through an embedded Infinispan cache that keeps 10% of its records in
 * memory (eviction by count) and writes through to its store: no store (the volatile row: every
 * record in memory), SoftIndexFileStore on /dev/shm, and the J-NVM store in each mode. Values are
 * 1000-byte arrays, marshalled by Infinispan for every store ({@code bytes}); the J-NVM rows also
 * run with the value as a J-NVM byte array, stored by reference ({@code jnvm}).
 *
 * <p>A benchmark, not a test: run it as docs in the module README say.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Threads(1)
@Fork(
    value = 1,
    jvmArgsAppend = {
      "--add-opens=java.base/jdk.internal.misc=ALL-UNNAMED",
      "--add-exports=java.base/jdk.internal.misc=ALL-UNNAMED",
      "-Xmx2g"
    })
@Warmup(iterations = 2, time = 3)
@Measurement(iterations = 3, time = 3)
public class CacheBench {
  static final int RECORDS = 100_000;
  static final int VALUE_BYTES = 1000;

  @Param({"none", "sifs", "jpdt", "jpfa", "jpdt-jnvm", "jpfa-jnvm"})
  public String backend;

  private Path dir;
  private EmbeddedCacheManager cm;
  private Cache<String, Object> cache;
  private Heap heap;
  private final SplittableRandom random = new SplittableRandom(42);
  private final byte[] payload = new byte[VALUE_BYTES];

  @Setup(Level.Trial)
  public void setUp() throws IOException {
    dir = Files.createDirectories(TestPaths.heap("bench-" + backend));
    try {
      cm = Caches.manager(config().build());
      cache = cm.getCache(Caches.NAME);
      if (backend.endsWith("-jnvm")) heap = JnvmStore.heap(cache);
      for (int i = 0; i < RECORDS; i++) cache.put("user" + i, value(i));
    } catch (RuntimeException e) {
      tearDown(); // JMH runs no tear-down after a failed set-up: leave nothing in /dev/shm
      throw e;
    }
  }

  private ConfigurationBuilder config() {
    ConfigurationBuilder b = new ConfigurationBuilder();
    if (backend.equals("none")) return b;
    b.memory().maxCount(RECORDS / 10);
    if (backend.equals("sifs")) {
      b.persistence()
          .passivation(false)
          .addStore(SoftIndexFileStoreConfigurationBuilder.class)
          .dataLocation(dir.resolve("data").toString())
          .indexLocation(dir.resolve("index").toString());
    } else {
      b.persistence()
          .passivation(false)
          .addStore(JnvmStoreConfigurationBuilder.class)
          .path(dir.resolve("heap").toString())
          .size(512L << 20)
          .mode(backend.startsWith("jpfa") ? StoreMode.JPFA : StoreMode.JPDT);
    }
    return b;
  }

  private Object value(int i) {
    payload[0] = (byte) i;
    return heap != null ? new PByteArray(heap, payload) : payload.clone();
  }

  @TearDown(Level.Trial)
  public void tearDown() throws IOException {
    if (cm != null) cm.stop();
    try (Stream<Path> s = Files.walk(dir)) {
      s.sorted(Comparator.reverseOrder()).forEach(TestPaths::delete);
    }
  }

  @Benchmark
  public Object put() {
    int i = random.nextInt(RECORDS);
    return cache.put("user" + i, value(i));
  }

  @Benchmark
  public Object get() {
    return cache.get("user" + random.nextInt(RECORDS));
  }
}

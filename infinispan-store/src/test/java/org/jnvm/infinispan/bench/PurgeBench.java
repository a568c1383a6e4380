package org.jnvm.infinispan.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.infinispan.Cache;
import org.infinispan.configuration.cache.ConfigurationBuilder;
import org.infinispan.expiration.ExpirationManager;
import org.infinispan.manager.EmbeddedCacheManager;
import org.jnvm.infinispan.Caches;
import org.jnvm.infinispan.StoreMode;
import org.jnvm.infinispan.TestPaths;
import org.jnvm.infinispan.configuration.JnvmStoreConfigurationBuilder;
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
 * One wake-up of Infinispan's expiration reaper ({@code processExpiration}: the data container's
 * scan, then the stores' purge), which a cache runs every minute by default, on a cache of {@code
 * records} entries that never expire (100-byte values, as YCSB's fields): no store (the baseline,
 * every entry in memory), and the J-NVM store in each mode with every entry in memory (the bench's
 * {@code jpdt-all} and {@code jpfa-all}) or a tenth of them ({@code jpdt}).
 *
 * <p>A benchmark, not a test: run it as the module README says.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Threads(1)
@Fork(
    value = 1,
    jvmArgsAppend = {
      "--add-opens=java.base/jdk.internal.misc=ALL-UNNAMED",
      "--add-exports=java.base/jdk.internal.misc=ALL-UNNAMED",
      "-Xms3g",
      "-Xmx3g"
    })
@Warmup(iterations = 2, time = 3)
@Measurement(iterations = 5, time = 3)
public class PurgeBench {
  @Param({"1000000"})
  public int records;

  @Param({"none", "jpdt-all", "jpfa-all", "jpdt"})
  public String backend;

  private Path dir;
  private EmbeddedCacheManager cm;
  private ExpirationManager<String, byte[]> expiration;

  @Setup(Level.Trial)
  public void setUp() throws IOException {
    dir = Files.createDirectories(TestPaths.heap("purge-bench-" + backend));
    try {
      cm = Caches.manager(config().build());
      Cache<String, byte[]> cache = cm.getCache(Caches.NAME);
      byte[] value = new byte[100];
      for (int i = 0; i < records; i++) cache.put("user" + i, value);
      expiration = cache.getAdvancedCache().getExpirationManager();
    } catch (RuntimeException e) {
      tearDown(); // JMH runs no tear-down after a failed set-up: leave nothing in /dev/shm
      throw e;
    }
  }

  private ConfigurationBuilder config() {
    ConfigurationBuilder b = new ConfigurationBuilder();
    b.expiration().disableReaper(); // only the benchmark's calls
    if (backend.equals("none")) return b;
    if (!backend.endsWith("-all")) b.memory().maxCount(records / 10);
    b.persistence()
        .passivation(false)
        .addStore(JnvmStoreConfigurationBuilder.class)
        .path(dir.resolve("heap").toString())
        .size(1L << 30)
        .mode(backend.startsWith("jpfa") ? StoreMode.JPFA : StoreMode.JPDT);
    return b;
  }

  @TearDown(Level.Trial)
  public void tearDown() throws IOException {
    if (cm != null) cm.stop();
    try (Stream<Path> s = Files.walk(dir)) {
      s.sorted(Comparator.reverseOrder()).forEach(TestPaths::delete);
    }
  }

  @Benchmark
  public void reaperWakeUp() {
    expiration.processExpiration();
  }
}

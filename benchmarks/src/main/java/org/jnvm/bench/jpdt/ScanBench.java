package org.jnvm.bench.jpdt;

import java.util.Iterator;
import java.util.Map;
import java.util.NavigableMap;
import java.util.concurrent.TimeUnit;
import org.jnvm.bench.support.Gateway;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

/**
 * Range scans of the ordered map against {@code ConcurrentSkipListMap}: {@value #SCAN} entries in
 * key order from a key picked at random (fewer near the end). Scores are per scan. J-PDT returns
 * each record as a volatile copy, the twin its reference: {@link #twinScanCopy} copies too, and
 * {@link #scanKeys} and {@link #twinScanKeys} separate the walk from the copies.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 5, time = 2)
@Measurement(iterations = 5, time = 2)
// A fixed, pre-touched Java heap, as in MapBench: scans copy 100 records of 1 KB each.
@Fork(
    value = 2,
    jvmArgsAppend = {
      Gateway.ADD_OPENS,
      Gateway.MISC_TO_ALL,
      Gateway.ADD_EXPORTS,
      Gateway.MISC_TO_ALL,
      "-Xms4g",
      "-Xmx4g",
      "-XX:+AlwaysPreTouch"
    })
public class ScanBench {
  static final int SCAN = 100;

  @Benchmark
  public void scan(PersistentOrdered s, Blackhole bh) {
    scanEntries(ordered(s.map), s.nextKey(), bh);
  }

  @Benchmark
  public void twinScan(TwinOrdered s, Blackhole bh) {
    scanEntries(ordered(s.map), s.nextKey(), bh);
  }

  /** The twin's scan copying each record, the work of {@link #scan}. */
  @Benchmark
  public void twinScanCopy(TwinOrdered s, Blackhole bh) {
    Iterator<Map.Entry<String, byte[]>> it =
        ordered(s.map).tailMap(s.nextKey(), true).entrySet().iterator();
    for (int i = 0; i < SCAN && it.hasNext(); i++) {
      Map.Entry<String, byte[]> e = it.next();
      bh.consume(e.getKey());
      bh.consume(e.getValue().clone());
    }
  }

  @Benchmark
  public void scanKeys(PersistentOrdered s, Blackhole bh) {
    scanKeys(ordered(s.map), s.nextKey(), bh);
  }

  @Benchmark
  public void twinScanKeys(TwinOrdered s, Blackhole bh) {
    scanKeys(ordered(s.map), s.nextKey(), bh);
  }

  private static void scanEntries(NavigableMap<String, byte[]> m, String from, Blackhole bh) {
    Iterator<Map.Entry<String, byte[]>> it = m.tailMap(from, true).entrySet().iterator();
    for (int i = 0; i < SCAN && it.hasNext(); i++) {
      Map.Entry<String, byte[]> e = it.next();
      bh.consume(e.getKey());
      bh.consume(e.getValue());
    }
  }

  private static void scanKeys(NavigableMap<String, byte[]> m, String from, Blackhole bh) {
    Iterator<String> it = m.tailMap(from, true).keySet().iterator();
    for (int i = 0; i < SCAN && it.hasNext(); i++) bh.consume(it.next());
  }

  private static NavigableMap<String, byte[]> ordered(Map<String, byte[]> m) {
    return (NavigableMap<String, byte[]>) m;
  }
}

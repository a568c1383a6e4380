package org.jnvm.ycsb.bench;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What {@code bin/jnvm bench --scale} runs: the data-set sizes, the largest one this machine holds,
 * the backends, the collectors, and each child's Java heap.
 *
 * <p>The limit is the volatile rows' Java heap: every record lives on it, and a user sizes {@code
 * -Xmx} at {@value #HEAP_FACTOR}x the live set; that heap must fit in {@value #RAM_SHARE} of the
 * machine's memory (the rest: the JVM's own memory beside the heap, the OS). The J-NVM rows need
 * the same records in /dev/shm (about 1.4 KB each), which a machine of that memory also holds: they
 * run one at a time.
 */
final class ScalePlan {
  /** A YCSB record's data: 10 fields of 100 B. */
  static final long RECORD_BYTES = 1000;

  static final double HEAP_FACTOR = 1.75;
  static final double RAM_SHARE = 0.7;

  /** The default backends: Infinispan and a plain map, each volatile and on J-NVM, and SIFS. */
  static final List<String> DEFAULT_TARGETS =
      List.of("volatile", "jpdt", "volatile-map", "jpdt-map", "sifs");

  /** Collectors {@code --gc} takes, and their flags. */
  static final Map<String, String> GCS = gcs();

  private static final List<Double> DEFAULT_GB = List.of(0.25, 0.5, 1.0, 2.0, 4.0);
  private static final List<Double> QUICK_GB = List.of(0.25, 0.5, 1.0);

  /**
   * The file store loads about 17k records/s here: its growth stops at 1 GB (a minute of loading),
   * 0.25 GB in the quick run.
   */
  private static final long FILE_STORE_MAX = 1_000_000;

  private static final long FILE_STORE_MAX_QUICK = 250_000;

  /** Bytes a record takes in a heap or store file (J-NVM: about 1.35 KB), with room. */
  static final long FILE_BYTES_PER_RECORD = 1600;

  private static final long MIN_HEAP_MB = 1024;
  private static final long HEAP_BASE_MB = 256;

  private ScalePlan() {}

  private static Map<String, String> gcs() {
    Map<String, String> m = new LinkedHashMap<>();
    m.put("g1", "-XX:+UseG1GC");
    m.put("parallel", "-XX:+UseParallelGC");
    m.put("zgc", "-XX:+UseZGC");
    return m;
  }

  /**
   * Live Java heap per record after a load, with some room: measured with {@code bin/jnvm bench
   * --records 500k} (its costs table: volatile 1.33 KB, volatile-map 1.27 KB, jpdt 0.17 KB (the
   * store's key index and a tenth of the entries as proxies), jpdt-map 0.15 KB (the map's volatile
   * index), sifs 0.36 KB (a tenth of the records in memory and the index)).
   */
  static long liveBytesPerRecord(String target) {
    return switch (target) {
      case "volatile", "rocksdb" -> 1400;
      case "volatile-map" -> 1300;
      case "jpdt", "jpfa", "jpdt-bytes", "jpdt-crc" -> 200;
      case "jpdt-map" -> 160;
      case "sifs" -> 400;
      case "pmdk" -> 100;
      default -> 1400;
    };
  }

  /** The largest data set (records) whose volatile heap fits this machine, in 0.5 GB steps. */
  static long largestRecords(long physicalMb) {
    double heapBytes = RAM_SHARE * physicalMb * (1L << 20);
    long records = (long) (heapBytes / (HEAP_FACTOR * liveBytesPerRecord("volatile")));
    long step = 500_000;
    return Math.max(step, records / step * step);
  }

  /**
   * The sizes (records, ascending): those given, else 0.25 GB doubling up to 4 GB and then the
   * largest this machine holds ({@code quick}: 0.25, 0.5, 1 GB).
   */
  static List<Long> sizes(List<Double> givenGb, boolean quick, long physicalMb) {
    List<Long> out = new ArrayList<>();
    if (givenGb != null) {
      for (double gb : givenGb) out.add(records(gb));
    } else {
      long largest = largestRecords(physicalMb);
      for (double gb : quick ? QUICK_GB : DEFAULT_GB) {
        if (records(gb) <= largest) out.add(records(gb));
      }
      if (!quick && largest > out.get(out.size() - 1)) out.add(largest);
    }
    return out.stream().distinct().sorted().toList();
  }

  /**
   * The sizes {@code target} runs: the file store stops early (see {@link #FILE_STORE_MAX}), and a
   * row that keeps its records in the heap directory stops where they would not fit in its {@code
   * usableBytes} ({@value #FILE_BYTES_PER_RECORD} B a record).
   */
  static List<Long> sizesOf(String target, List<Long> sizes, boolean quick, long usableBytes) {
    long max = Long.MAX_VALUE;
    if (target.equals(Targets.FILE_STORE)) max = quick ? FILE_STORE_MAX_QUICK : FILE_STORE_MAX;
    if (!target.startsWith("volatile")) max = Math.min(max, usableBytes / FILE_BYTES_PER_RECORD);
    long cap = max;
    List<Long> mine = sizes.stream().filter(s -> s <= cap).toList();
    return mine.isEmpty() ? List.of(sizes.get(0)) : mine;
  }

  /** {@code -Xmx} of {@code target} for {@code records}: {@value #HEAP_FACTOR}x the live set. */
  static long heapMb(String target, long records) {
    double live = (double) liveBytesPerRecord(target) * records / (1L << 20);
    return Math.max(MIN_HEAP_MB, (long) Math.ceil(HEAP_FACTOR * live) + HEAP_BASE_MB);
  }

  static long records(double gb) {
    if (!(gb > 0)) throw new IllegalArgumentException("a data-set size must be positive: " + gb);
    return Math.max(1, Math.round(gb * 1e9 / RECORD_BYTES));
  }

  /** {@code records}' data in GB, exact and without trailing zeros ({@code 0.25}, {@code 7}). */
  static String gb(long records) {
    return BigDecimal.valueOf(records * RECORD_BYTES)
        .movePointLeft(9)
        .stripTrailingZeros()
        .toPlainString();
  }
}

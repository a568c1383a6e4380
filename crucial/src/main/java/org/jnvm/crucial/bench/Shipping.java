package org.jnvm.crucial.bench;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jnvm.dso.DsoClient;
import org.jnvm.dso.lib.Semaphore;

/**
 * A complex method shipped to the object ({@link BenchMatrix#scaleAll}) against client-side
 * read-modify-write, with and without a DSO lock. Measured in interleaved rounds, the methods'
 * order rotating from round to round, so that a burst of load from elsewhere on the machine falls
 * on one round of each rather than on one method; the figure of merit is the per-round ratio
 * shipped / locked read-modify-write, reported as median and spread.
 */
final class Shipping {
  static final String SHIPPED = "shipped method";
  static final String LOCKED = "read-modify-write, locked";
  static final String UNLOCKED = "read-modify-write, unlocked";

  /** Per method, ops/s of each round; the order is the report's. */
  final Map<String, List<Double>> rates = new LinkedHashMap<>();

  /** Per round, shipped ops/s over locked read-modify-write ops/s. */
  final List<Double> ratios = new ArrayList<>();

  final int cells;
  final int opsPerRound;

  private Shipping(int cells, int opsPerRound) {
    this.cells = cells;
    this.opsPerRound = opsPerRound;
  }

  static Shipping measure(DsoClient dso, int cells, int opsPerRound, int rounds) {
    Shipping s = new Shipping(cells, opsPerRound);
    String tag = Long.toHexString(System.nanoTime());
    BenchMatrix m = dso.shared(BenchMatrix.class, "bench-m-" + tag, false, new BenchMatrix(cells));
    Semaphore lock = dso.semaphore("bench-lock-" + tag, 1);
    Map<String, Runnable> methods = new LinkedHashMap<>();
    methods.put(SHIPPED, () -> m.scaleAll(FACTOR));
    methods.put(LOCKED, () -> locked(lock, m));
    methods.put(UNLOCKED, () -> m.write(scale(m.read())));
    methods.values().forEach(op -> repeat(op, Math.max(10, opsPerRound)));
    List<String> names = new ArrayList<>(methods.keySet());
    for (int round = 0; round < rounds; round++) {
      Map<String, Double> r = new LinkedHashMap<>();
      for (int k = 0; k < names.size(); k++) {
        String name = names.get((round + k) % names.size());
        r.put(name, opsPerSecond(methods.get(name), opsPerRound));
      }
      names.forEach(n -> s.rates.computeIfAbsent(n, x -> new ArrayList<>()).add(r.get(n)));
      s.ratios.add(r.get(SHIPPED) / r.get(LOCKED));
    }
    return s;
  }

  private static final double FACTOR = 1.0000001;

  private static void locked(Semaphore lock, BenchMatrix m) {
    lock.acquire();
    try {
      m.write(scale(m.read()));
    } finally {
      lock.release();
    }
  }

  private static double[] scale(double[] v) {
    for (int i = 0; i < v.length; i++) {
      v[i] *= FACTOR;
    }
    return v;
  }

  private static void repeat(Runnable op, int n) {
    for (int i = 0; i < n; i++) {
      op.run();
    }
  }

  private static double opsPerSecond(Runnable op, int n) {
    long t0 = System.nanoTime();
    repeat(op, n);
    return n / ((System.nanoTime() - t0) / 1e9);
  }
}

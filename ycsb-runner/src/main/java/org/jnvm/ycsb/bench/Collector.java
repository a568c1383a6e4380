package org.jnvm.ycsb.bench;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import site.ycsb.measurements.exporter.MeasurementsExporter;

/** Receives YCSB's exported measurements: metric (operation) to measurement name to value. */
final class Collector implements MeasurementsExporter {
  final Map<String, Map<String, Double>> metrics = new LinkedHashMap<>();

  @Override
  public void write(String metric, String measurement, int i) {
    write(metric, measurement, (double) i);
  }

  @Override
  public void write(String metric, String measurement, long i) {
    write(metric, measurement, (double) i);
  }

  @Override
  public void write(String metric, String measurement, double d) {
    metrics.computeIfAbsent(metric, k -> new LinkedHashMap<>()).put(measurement, d);
  }

  @Override
  public void close() {}

  /** The measured operations (READ, UPDATE, ...): metrics with a count, YCSB's CLEANUP left out. */
  List<String> operations() {
    List<String> ops = new ArrayList<>();
    metrics.forEach(
        (op, m) -> {
          if (!op.startsWith("CLEANUP") && m.containsKey("Operations")) ops.add(op);
        });
    return ops;
  }

  double get(String metric, String measurement) {
    Map<String, Double> m = metrics.get(metric);
    Double v = m == null ? null : m.get(measurement);
    return v == null ? Double.NaN : v;
  }
}

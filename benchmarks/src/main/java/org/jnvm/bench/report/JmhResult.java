package org.jnvm.bench.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One benchmark score from a JMH JSON result file.
 *
 * @param benchmark the simple name, {@code Class.method}
 * @param params the benchmark's JMH parameters (empty if none)
 * @param error the half-width of JMH's 99.9% confidence interval; NaN if too few iterations
 * @param settings forks, iterations and JDK of the run, for the report's header
 */
public record JmhResult(
    String benchmark,
    Map<String, String> params,
    double score,
    double error,
    String unit,
    String settings) {

  /** Parses a JMH JSON result file (an array of benchmark results). */
  @SuppressWarnings("unchecked")
  public static List<JmhResult> parse(String json) {
    Object root = Json.parse(json);
    if (!(root instanceof List<?> list)) {
      throw new IllegalArgumentException("JMH JSON must be an array of results");
    }
    List<JmhResult> out = new ArrayList<>();
    for (Object o : list) out.add(of((Map<String, Object>) o));
    return out;
  }

  @SuppressWarnings("unchecked")
  private static JmhResult of(Map<String, Object> m) {
    Map<String, Object> metric = (Map<String, Object>) m.get("primaryMetric");
    if (metric == null) throw new IllegalArgumentException("JMH result without primaryMetric");
    Map<String, String> params = new LinkedHashMap<>();
    Object p = m.get("params");
    if (p instanceof Map<?, ?> pm) pm.forEach((k, v) -> params.put((String) k, String.valueOf(v)));
    return new JmhResult(
        simpleName((String) m.get("benchmark")),
        Map.copyOf(params),
        number(metric.get("score")),
        number(metric.get("scoreError")),
        (String) metric.get("scoreUnit"),
        settings(m));
  }

  /** {@code org.jnvm.bench.gateway.GatewayBench.line1Java} gives {@code GatewayBench.line1Java}. */
  static String simpleName(String fullName) {
    int method = fullName.lastIndexOf('.');
    int cls = fullName.lastIndexOf('.', method - 1);
    return fullName.substring(cls + 1);
  }

  /** JMH writes "NaN" as a string when an error cannot be computed. */
  private static double number(Object o) {
    if (o instanceof Double d) return d;
    if (o instanceof String s) return Double.parseDouble(s);
    return Double.NaN;
  }

  private static String settings(Map<String, Object> m) {
    return String.format(
        "JMH %s, JDK %s (%s), %s fork(s), warm-up %s x %s, measurement %s x %s",
        m.get("jmhVersion"),
        m.get("jdkVersion"),
        m.get("vmName"),
        integer(m.get("forks")),
        integer(m.get("warmupIterations")),
        m.get("warmupTime"),
        integer(m.get("measurementIterations")),
        m.get("measurementTime"));
  }

  private static String integer(Object o) {
    return o instanceof Double d ? Long.toString(d.longValue()) : String.valueOf(o);
  }

  public String param(String name) {
    return params.get(name);
  }
}

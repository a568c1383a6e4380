package org.jnvm.bench.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
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

  private static final ObjectMapper JSON = new ObjectMapper();

  /** Parses a JMH JSON result file (an array of benchmark results). */
  public static List<JmhResult> parse(String json) {
    JsonNode root;
    try {
      root = JSON.readTree(json);
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException(
          "bad JSON: "
              + e.getOriginalMessage()
              + " at line "
              + e.getLocation().getLineNr()
              + ", column "
              + e.getLocation().getColumnNr(),
          e);
    }
    if (root == null || !root.isArray()) {
      throw new IllegalArgumentException("JMH JSON must be an array of results");
    }
    List<JmhResult> out = new ArrayList<>();
    for (JsonNode o : root) out.add(of(o));
    return out;
  }

  private static JmhResult of(JsonNode m) {
    JsonNode metric = m.get("primaryMetric");
    if (metric == null) throw new IllegalArgumentException("JMH result without primaryMetric");
    Map<String, String> params = new LinkedHashMap<>();
    JsonNode p = m.get("params");
    if (p != null) p.fields().forEachRemaining(e -> params.put(e.getKey(), e.getValue().asText()));
    return new JmhResult(
        simpleName(m.path("benchmark").asText()),
        Map.copyOf(params),
        number(metric.get("score")),
        number(metric.get("scoreError")),
        metric.path("scoreUnit").asText(),
        settings(m));
  }

  /** {@code org.jnvm.bench.gateway.GatewayBench.line1Java} gives {@code GatewayBench.line1Java}. */
  static String simpleName(String fullName) {
    int method = fullName.lastIndexOf('.');
    int cls = fullName.lastIndexOf('.', method - 1);
    return fullName.substring(cls + 1);
  }

  /** JMH writes "NaN" as a string when an error cannot be computed. */
  private static double number(JsonNode n) {
    if (n == null) return Double.NaN;
    if (n.isNumber()) return n.doubleValue();
    if (n.isTextual()) return Double.parseDouble(n.asText());
    return Double.NaN;
  }

  private static String settings(JsonNode m) {
    return String.format(
        "JMH %s, JDK %s (%s), %s fork(s), warm-up %s x %s, measurement %s x %s",
        m.path("jmhVersion").asText(),
        m.path("jdkVersion").asText(),
        m.path("vmName").asText(),
        m.path("forks").asText(),
        m.path("warmupIterations").asText(),
        m.path("warmupTime").asText(),
        m.path("measurementIterations").asText(),
        m.path("measurementTime").asText());
  }

  public String param(String name) {
    return params.get(name);
  }
}

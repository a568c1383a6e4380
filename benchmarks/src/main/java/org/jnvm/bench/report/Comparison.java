package org.jnvm.bench.report;

import java.util.List;

/**
 * One line of the report: a J-NVM benchmark against its baseline, with the target for their
 * ratio (NaN when there is none: the row is reported, not judged).
 *
 * @param baselineLabel how the baseline reads in the table
 * @param perFlush the baseline runs once per write-back instruction (JMH parameter {@code flush})
 */
record Comparison(
    String section,
    String label,
    String java,
    String baseline,
    String baselineLabel,
    double target,
    boolean perFlush) {

  static final String GATEWAY = "Gateway: store + pwb + pfence (ns per line, lower is better)";
  static final String PROXY = "Proxy field access (ns/op, lower is better)";
  static final String ALLOC = "Allocation (ns/op, lower is better)";

  /** Every comparison the report knows, in report order. */
  static final List<Comparison> ALL =
      List.of(
          new Comparison(
              GATEWAY,
              "1 line",
              "GatewayBench.line1Java",
              "GatewayBench.line1C",
              "C via JNI",
              1.2,
              true),
          new Comparison(
              GATEWAY,
              "1 line",
              "GatewayBench.line1Java",
              "GatewayBench.line1CLoop",
              "C loop, no JNI call",
              Double.NaN,
              true),
          new Comparison(
              GATEWAY,
              "64 lines, 1 fence",
              "GatewayBench.lines64Java",
              "GatewayBench.lines64C",
              "C via JNI",
              1.2,
              true),
          new Comparison(
              PROXY,
              "read a long",
              "ProxyBench.readProxy",
              "ProxyBench.readPlain",
              "plain object",
              1.3,
              false),
          new Comparison(
              PROXY,
              "read a long of an object migrated from an earlier shape (docs/evolution.md)",
              "ProxyBench.readProxyMigrated",
              "ProxyBench.readProxyNeverMigrated",
              "same class, object never migrated",
              1.1,
              false),
          new Comparison(
              PROXY,
              "write a long",
              "ProxyBench.writeProxy",
              "ProxyBench.writePlain",
              "plain object",
              Double.NaN,
              false),
          new Comparison(
              ALLOC,
              "64-byte object: reserve, set, persist, publish (+ free the replaced one)",
              "AllocBench.allocPublish",
              "AllocBench.newPlain",
              "new + array store (+ GC)",
              Double.NaN,
              false));

  boolean isNative() {
    return baseline.startsWith("GatewayBench.");
  }
}

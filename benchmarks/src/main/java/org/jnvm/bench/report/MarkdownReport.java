package org.jnvm.bench.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jnvm.bench.recovery.RecoveryRun;

/**
 * Renders the report: the machine and run, then one table per benchmark (J-NVM's score, the
 * baseline's, their ratio against the target), then recovery rates. Only what was run
 * appears; a baseline that could not run says why.
 */
final class MarkdownReport {
  /** The recovery target, judged on the median run. */
  static final double RECOVERY_TARGET = 2e6;

  private final Map<String, String> env;
  private final List<JmhResult> results;
  private final List<RecoveryRun> runs;
  private final StringBuilder md = new StringBuilder();

  MarkdownReport(Map<String, String> env, List<JmhResult> results, List<RecoveryRun> runs) {
    this.env = env;
    this.results = results;
    this.runs = runs;
  }

  String render() {
    md.append("# J-NVM benchmark report\n\n");
    header();
    Set<String> sections = new LinkedHashSet<>();
    Comparison.ALL.forEach(c -> sections.add(c.section()));
    for (String s : sections) section(s);
    if (!runs.isEmpty()) new RecoveryTable(runs, RECOVERY_TARGET).appendTo(md);
    return md.toString();
  }

  private void header() {
    md.append("| | |\n|---|---|\n");
    line(
        "machine",
        env.getOrDefault("machine.nproc", "?") + " cores (nproc), " + env("machine.cpu"));
    line("load average at start (1, 5, 15 min)", env("machine.load"));
    line("JDK", env("jdk"));
    line("gateway backend", env("gateway"));
    line(
        "write-back instruction",
        "the JVM emits " + env("jvm.flush") + "; the CPU has " + env("cpu.flush"));
    line("C baseline (JNI)", env("jni"));
    line("run", env("run.mode"));
    for (String s : distinctSettings()) line("JMH", s);
    md.append('\n');
  }

  private String env(String key) {
    return env.getOrDefault(key, "unknown");
  }

  private void line(String key, String value) {
    md.append("| ").append(key).append(" | ").append(Format.cell(value)).append(" |\n");
  }

  private Set<String> distinctSettings() {
    Set<String> s = new LinkedHashSet<>();
    results.forEach(r -> s.add(r.settings()));
    return s;
  }

  private void section(String title) {
    List<String> rows = new ArrayList<>();
    for (Comparison c : Comparison.ALL) {
      if (c.section().equals(title)) rows.addAll(rows(c));
    }
    if (rows.isEmpty()) return;
    md.append("## ").append(title).append("\n\n");
    md.append(
        "| case | J-NVM | baseline | baseline score | J-NVM / baseline | target | verdict |\n");
    md.append("|---|---:|---|---:|---:|---|---|\n");
    rows.forEach(r -> md.append(r).append('\n'));
    md.append('\n');
  }

  /** The table rows of {@code c}: one per baseline parameter set; none if nothing ran. */
  List<String> rows(Comparison c) {
    JmhResult java = find(c.java());
    Map<String, JmhResult> baselines = baselines(c);
    if (java == null && baselines.isEmpty()) return List.of();
    List<String> out = new ArrayList<>();
    if (baselines.isEmpty()) {
      out.add(row(c, java, null, c.baselineLabel(), unavailable(c)));
      return out;
    }
    baselines.forEach((label, b) -> out.add(row(c, java, b, label, null)));
    return out;
  }

  private Map<String, JmhResult> baselines(Comparison c) {
    Map<String, JmhResult> m = new LinkedHashMap<>();
    for (JmhResult r : results) {
      if (!r.benchmark().equals(c.baseline())) continue;
      String flush = r.param("flush");
      m.put(
          c.perFlush() && flush != null ? c.baselineLabel() + ", " + flush : c.baselineLabel(), r);
    }
    return m;
  }

  /** Why a baseline has no score: the JNI library's problem (told in the header), or not run. */
  private String unavailable(Comparison c) {
    return c.isNative() && env("jni").startsWith("unavailable")
        ? "unavailable: see C baseline above"
        : "not run";
  }

  private String row(Comparison c, JmhResult java, JmhResult base, String label, String missing) {
    String javaCell = java == null ? "not run" : Format.scoreWithError(java);
    if (base == null) return cells(c.label(), javaCell, label, missing, "", "", "");
    return cells(
        c.label(),
        javaCell,
        label,
        Format.scoreWithError(base),
        java == null ? "" : Format.ratio(java.score() / base.score()),
        Double.isNaN(c.target()) ? "none" : "≤ " + Format.ratio(c.target()),
        verdict(c, java, base));
  }

  private static String cells(String... values) {
    StringBuilder sb = new StringBuilder("|");
    for (String v : values) sb.append(v.isEmpty() ? " |" : " " + Format.cell(v) + " |");
    return sb.toString();
  }

  /**
   * Met or missed against the target; rows without a target, and C rows using another instruction
   * than the JVM's, are information only.
   */
  private String verdict(Comparison c, JmhResult java, JmhResult base) {
    if (java == null || Double.isNaN(c.target())) return "info";
    String flush = base.param("flush");
    String jvmFlush = env.get("jvm.flush");
    if (flush != null && jvmFlush != null && !flush.equals(jvmFlush)) {
      return "info (the JVM emits " + jvmFlush + ")";
    }
    return java.score() / base.score() <= c.target() ? "met" : "missed";
  }

  private JmhResult find(String benchmark) {
    for (JmhResult r : results) {
      if (r.benchmark().equals(benchmark)) return r;
    }
    return null;
  }
}

package org.jnvm.ycsb.bench;

import java.util.List;
import java.util.Locale;

/**
 * The Markdown report of {@code bin/jnvm bench --restart}: the setup, then one table row a case.
 */
final class RestartReport {
  private final RunInfo info;
  private final String loadAfter;
  private final List<RestartFile.Row> rows;
  private final StringBuilder md = new StringBuilder();

  RestartReport(RunInfo info, String loadAfter, List<RestartFile.Row> rows) {
    this.info = info;
    this.loadAfter = loadAfter;
    this.rows = rows;
  }

  String markdown() {
    md.setLength(0);
    line("# Restart after SIGKILL (`bin/jnvm bench --restart`)");
    line("");
    line("- Date: " + info.date() + "; files in " + info.heapDir());
    line("- Machine: " + info.cpu() + ", " + info.cores() + " cores, " + info.memory());
    line("- Load average at start: " + info.load() + "; at the end: " + loadAfter);
    line("- OS: " + info.os() + "; JDK: " + info.jdk());
    line("- J-NVM gateway backend (`Pmem`): " + info.gateway());
    line(
        "- Each case: a JVM loads the entries (one field of "
            + RestartValue.BYTES
            + " B), runs a write load (one thread, updates and inserts alternately, each"
            + " acknowledged once durable) and is killed (SIGKILL) "
            + RestartCase.KILL_AFTER_MILLIS
            + " ms into it; a fresh JVM opens the same files and reads uniformly chosen keys with"
            + " one thread.");
    line(
        "- JVM start: spawn to `main`. Open, first read and 90% of steady: from the start of the"
            + " open call (cache manager, store and heap recovery, preload). Steady: reads per"
            + " second over the last "
            + Steady.STEADY_WINDOWS * Steady.WINDOW_MILLIS
            + " ms of the read period; 90%: the end of the first "
            + Steady.WINDOW_MILLIS
            + " ms window at 90% of it; \"rising\": the second before ran below 90% of the last"
            + " one, the warm-up outlasted the read period. Warm: the same reads for "
            + Steady.STEADY_WINDOWS * Steady.WINDOW_MILLIS
            + " ms after the check read every key. Manager + cache start (Infinispan rows): the open"
            + " split into the cache manager's start and the cache's (its store's start, a heap's"
            + " recovery, a preload). Spawn to first read: the three before it, what an operator"
            + " waits for. Recovery: the J-NVM heap's mark and sweep, within the"
            + " open. Lost: loaded or acknowledged keys missing, older than acknowledged or"
            + " corrupt, of all checked. Heap: live Java heap after a full GC at the end of the"
            + " reads; RSS then.");
    line("");
    line(
        "| Backend | Entries | JVM start ms | Open ms | Manager + cache start ms | First read ms | 90% steady ms | Spawn to"
            + " first read ms | Steady K reads/s | Warm K reads/s | Recovery ms (mark + sweep) | Acked writes |"
            + " Lost / checked | Heap MiB | RSS MiB |");
    line("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    for (RestartFile.Row r : rows) row(r);
    for (RestartFile.Row r : rows) {
      if (r.failure() != null) {
        line("");
        line("- **" + r.target() + " at " + count(r.records()) + "**: " + r.failure());
      }
    }
    return md.toString();
  }

  private void row(RestartFile.Row r) {
    line(
        String.join(
            " | ",
            "| " + r.target(),
            count(r.records()),
            ms(r, "jvm_start_ms"),
            ms(r, "open_ms"),
            Double.isNaN(r.num("manager_ms"))
                ? "-"
                : ms(r, "manager_ms") + " + " + ms(r, "cache_ms"),
            ms(r, "first_read_ms"),
            ms(r, "steady90_ms"),
            r.num("first_read_ms") < 0 ? "never" : fmt("%,.0f", spawnToFirstRead(r)),
            fmt("%.0f", r.num("steady_reads_per_s") / 1e3) + (r.rising() ? " (rising)" : ""),
            fmt("%.0f", r.num("warm_reads_per_s") / 1e3),
            recovery(r),
            fmt("%,.0f", r.num("acked_writes")),
            lost(r),
            fmt("%.0f", r.num("heap_mb")),
            fmt("%.0f", r.num("rss_mb")) + " |"));
  }

  /**
   * What an operator waits for: the new JVM's start, its work before the open call, and the open
   * call's start to the first read answered.
   */
  static double spawnToFirstRead(RestartFile.Row r) {
    return r.num("jvm_start_ms") + r.num("before_open_ms") + r.num("first_read_ms");
  }

  private static String recovery(RestartFile.Row r) {
    if (Double.isNaN(r.num("recovery_ms"))) return "-";
    return ms(r, "recovery_ms") + " (" + ms(r, "mark_ms") + " + " + ms(r, "sweep_ms") + ")";
  }

  private static String lost(RestartFile.Row r) {
    if (r.failure() != null && Double.isNaN(r.num("checked"))) return "failed";
    String s = fmt("%,.0f", r.num("lost")) + " / " + fmt("%,.0f", r.num("checked"));
    return r.num("lost") > 0 ? "**" + s + "**" : s;
  }

  private static String ms(RestartFile.Row r, String name) {
    double v = r.num(name);
    if (v < 0) return "never";
    return fmt(v >= 100 ? "%,.0f" : "%.1f", v);
  }

  private static String fmt(String f, double v) {
    return Double.isNaN(v) ? "-" : String.format(Locale.ROOT, f, v);
  }

  static String count(long n) {
    if (n % 1_000_000 == 0) return n / 1_000_000 + "M";
    if (n % 1_000 == 0) return n / 1_000 + "k";
    return Long.toString(n);
  }

  private void line(String s) {
    md.append(s).append('\n');
  }
}

package org.jnvm.tpcb;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/** The run's Markdown report and TSV files. */
final class TpcbReport {
  private TpcbReport() {}

  static void write(List<RunResult> results, RunSettings s, String command, Path out)
      throws IOException {
    Files.createDirectories(out);
    Files.writeString(out.resolve("report.md"), markdown(results, s, command));
    Files.writeString(out.resolve("timeline.tsv"), timeline(results, s));
    Files.writeString(out.resolve("results.tsv"), table(results));
  }

  private static String classSharing(RunSettings s) {
    return s.childFlags().stream().anyMatch(f -> f.startsWith("-XX:SharedArchiveFile="))
        ? "started from a class data sharing archive of their classes"
        : "started without class data sharing";
  }

  static String markdown(List<RunResult> results, RunSettings s, String command) {
    StringBuilder b = new StringBuilder();
    b.append("# TPC-B on Infinispan transactions, killed mid-run\n\n");
    b.append("Command: `").append(command).append("`  \n");
    b.append(
        String.format(
            Locale.ROOT,
            "Bank: %d branch(es), %d tellers, %,d accounts; %d client thread(s); %d s, SIGKILL at %s;"
                + " JDK %s; %d cores; load average at the end %.2f; bank JVMs %s.%n%n",
            s.shape().branches(),
            s.shape().tellers(),
            s.shape().accounts(),
            s.threads(),
            s.seconds(),
            s.kills() ? s.crashAt() + " s" : "never",
            Runtime.version(),
            Runtime.getRuntime().availableProcessors(),
            ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage(),
            classSharing(s)));
    RunResult vol = find(results, "volatile");
    RunResult sifs = find(results, "sifs");
    b.append("| backend | preload | tx/s before kill | tx/s after restart | x volatile | x sifs |")
        .append(
            " JVM start ms | cache start ms | heap recovery ms | first tx ms | kill to first tx ms |")
        .append(" consistency | aborts | load s |\n");
    b.append("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---:|---:|\n");
    for (RunResult r : results) {
      Recovery v = r.recovery();
      b.append("| ")
          .append(r.backend())
          .append(" | ")
          .append(preload(r, s))
          .append(" | ")
          .append(num(r.beforeKill(), 0))
          .append(" | ")
          .append(num(r.afterRestart(), 0))
          .append(" | ")
          .append(ratio(r, vol))
          .append(" | ")
          .append(ratio(r, sifs))
          .append(" | ")
          .append(num(v.jvmStart(), 0))
          .append(" | ")
          .append(num(v.cacheStart(), 0))
          .append(" | ")
          .append(v.heapRecovery() < 0 ? "-" : num(v.heapRecovery(), 1))
          .append(" | ")
          .append(num(v.firstTransaction(), 0))
          .append(" | ")
          .append(num(v.total(), 0))
          .append(" | ")
          .append(r.failure() != null ? "run failed" : "consistency: " + r.check())
          .append(" | ")
          .append(r.aborts())
          .append(" | ")
          .append(r.loadMillis() < 0 ? "-" : num(r.loadMillis() / 1e3, 1))
          .append(" |\n");
    }
    b.append("\n![committed transactions per second](timeline.png)\n\n");
    b.append(
        "Ratios compare the tx/s before the kill. Recovery columns: the restart's JVM start, the"
            + " cache start (the cache manager's, the store's, any preload), the J-NVM heap's recovery"
            + " (opened ahead: it runs beside the cache manager's start, inside the cache start), the"
            + " cache ready until the first commit, and the kill until the first commit; a backend that"
            + " does not persist restarts from an empty bank, so its first transaction waits for the"
            + " bank's reload.\n");
    for (RunResult r : results) {
      if (r.failure() != null)
        b.append("\n- ").append(r.backend()).append(" failed: ").append(r.failure());
      for (String v : r.violations())
        b.append("\n- ").append(r.backend()).append(" violation: ").append(v);
    }
    b.append('\n');
    return b.toString();
  }

  private static String timeline(List<RunResult> results, RunSettings s) {
    StringBuilder b = new StringBuilder("second");
    for (RunResult r : results) b.append('\t').append(r.backend());
    b.append('\n');
    for (int i = 0; i < s.seconds(); i++) {
      b.append(i);
      for (RunResult r : results)
        b.append('\t').append(i < r.perSecond().length ? r.perSecond()[i] : 0);
      b.append('\n');
    }
    return b.toString();
  }

  private static String table(List<RunResult> results) {
    StringBuilder b =
        new StringBuilder(
            "backend\ttx_per_s_before_kill\ttx_per_s_after_restart\tacked\tjvm_start_ms"
                + "\theap_recovery_ms\tcache_start_ms\tfirst_tx_ms\tkill_to_first_tx_ms\tconsistency"
                + "\taborts\tload_ms\n");
    for (RunResult r : results) {
      Recovery v = r.recovery();
      b.append(
          String.join(
              "\t",
              r.backend(),
              num(r.beforeKill(), 1),
              num(r.afterRestart(), 1),
              "" + r.acked(),
              num(v.jvmStart(), 1),
              num(v.heapRecovery(), 2),
              num(v.cacheStart(), 1),
              num(v.firstTransaction(), 1),
              num(v.total(), 1),
              r.failure() != null ? "failed" : r.check(),
              "" + r.aborts(),
              "" + r.loadMillis()));
      b.append('\n');
    }
    return b.toString();
  }

  private static String preload(RunResult r, RunSettings s) {
    if (!r.persistent()) return "-";
    return CrashRun.preloads(r.backend(), s.preload()) ? "yes" : "no";
  }

  private static RunResult find(List<RunResult> results, String backend) {
    return results.stream().filter(r -> r.backend().equals(backend)).findFirst().orElse(null);
  }

  private static String ratio(RunResult r, RunResult base) {
    if (base == null || !(base.beforeKill() > 0) || Double.isNaN(r.beforeKill())) return "-";
    return String.format(Locale.ROOT, "%.2f", r.beforeKill() / base.beforeKill());
  }

  private static String num(double v, int decimals) {
    if (Double.isNaN(v) || v < 0) return "-";
    return String.format(Locale.ROOT, "%,." + decimals + "f", v);
  }
}

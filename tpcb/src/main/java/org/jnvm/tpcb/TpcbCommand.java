package org.jnvm.tpcb;

import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code bin/jnvm tpcb}: the TPC-B bank with a kill in the middle, for each backend. */
@Command(
    name = "bin/jnvm tpcb",
    description = {
      "TPC-B bank on Infinispan (LOCAL cache, pessimistic transactions,",
      "write-through) for each backend: runs SECONDS, SIGKILLs the bank JVM at",
      "CRASH-AT, restarts it, and reports committed tx/s per second (table, TSV,",
      "PNG chart), the restart's time split and a consistency check against every",
      "transaction the client saw commit.",
      ""
    })
public final class TpcbCommand implements Callable<Integer> {
  @Option(
      names = {"-h", "--help"},
      usageHelp = true,
      description = "show this help and exit")
  boolean help;

  @Option(
      names = "--backends",
      split = ",",
      defaultValue = "volatile,null,jpdt,jpfa,sifs,rocksdb",
      description =
          "backends, comma-separated (default: ${DEFAULT-VALUE}); null is Infinispan's"
              + " write-through path with a store that keeps nothing: the ceiling of any store")
  List<String> backends;

  @Option(
      names = "--scale",
      defaultValue = "1",
      description =
          "branches; each has 10 tellers and 100,000 accounts (default: ${DEFAULT-VALUE})")
  int scale;

  @Option(names = "--accounts-per-branch", defaultValue = "100000", hidden = true)
  int accountsPerBranch;

  @Option(
      names = "--threads",
      defaultValue = "1",
      description = "client threads (default: ${DEFAULT-VALUE})")
  int threads;

  @Option(
      names = "--seconds",
      defaultValue = "60",
      description = "run length (default: ${DEFAULT-VALUE})")
  int seconds;

  @Option(
      names = "--crash-at",
      description = "second of the SIGKILL (default: half-way; >= --seconds: none)")
  Integer crashAt;

  @Option(
      names = "--heap",
      defaultValue = "1g",
      description = "J-NVM heap size (default: ${DEFAULT-VALUE})")
  String heap;

  @Option(
      names = "--xmx",
      defaultValue = "2g",
      description = "the bank JVM's -Xmx (default: ${DEFAULT-VALUE})")
  String xmx;

  @Option(
      names = "--preload",
      defaultValue = "AUTO",
      description =
          "which stores preload at start: AUTO (file stores; J-NVM stores serve misses from"
              + " memory), ALL (as the SOSP'21 bank), NONE (default: ${DEFAULT-VALUE})")
  Preload preload;

  @Option(
      names = "--dir",
      defaultValue = "/dev/shm",
      description = "where the bank's files go (emulated NVMM; default: ${DEFAULT-VALUE})")
  Path dir;

  @Option(names = "--out", description = "report folder (default: results/tpcb-<timestamp>)")
  Path out;

  @Option(
      names = "--cds",
      negatable = true,
      defaultValue = "true",
      fallbackValue = "true",
      description =
          "start the bank JVMs from a class data sharing archive of their classes, built first"
              + " (every backend alike; --no-cds: without; default: ${DEFAULT-VALUE})")
  boolean cds;

  @Override
  public Integer call() throws Exception {
    Path outDir = out != null ? out : defaultOut();
    Path data = dir.resolve("jnvm-tpcb-" + ProcessHandle.current().pid());
    RunSettings s =
        new RunSettings(
            new BankShape(scale, accountsPerBranch),
            threads,
            seconds,
            crashAt != null ? crashAt : seconds / 2,
            data,
            Sizes.parse(heap),
            xmx,
            preload,
            outDir.resolve("logs"),
            List.of());
    for (String b : backends) CrashRun.persistent(b); // unknown names fail before any run
    List<RunResult> results = new ArrayList<>();
    try {
      if (cds) {
        Path log = s.logDir().resolve("class-sharing.log");
        s = s.withChildFlags(ClassSharing.prepare(backends, data.resolve("cds"), log, this::say));
      }
      for (String b : backends) {
        System.out.println("[tpcb] " + b + ": starting");
        results.add(
            new CrashRun(b, s, line -> System.out.println("[tpcb] " + b + ": " + line)).run());
      }
    } finally {
      Dirs.delete(data);
    }
    TpcbReport.write(results, s, "bin/jnvm tpcb " + String.join(" ", args), outDir);
    TimelineChart.write(results, s, outDir.resolve("timeline.png"));
    System.out.println(TpcbReport.markdown(results, s, "bin/jnvm tpcb " + String.join(" ", args)));
    System.out.println("[tpcb] report: " + outDir.resolve("report.md"));
    boolean ok =
        results.stream().allMatch(r -> r.failure() == null && !r.check().startsWith("FAIL"));
    return ok ? 0 : 1;
  }

  private List<String> args = List.of();

  private void say(String line) {
    System.out.println("[tpcb] " + line);
  }

  private static Path defaultOut() {
    String root = System.getProperty("jnvm.root", ".");
    String stamp = LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"));
    return Path.of(root, "results", "tpcb-" + stamp);
  }

  public static void main(String[] args) {
    TpcbCommand c = new TpcbCommand();
    c.args = List.of(args);
    System.exit(new CommandLine(c).execute(args));
  }
}

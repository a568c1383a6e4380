package org.jnvm.tpcb;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * One backend's run: start the bank (loading it), run transactions, SIGKILL the bank JVM at the
 * kill time, restart it at once (recovery, preload), run to the end, stop it, then check the bank
 * in a fresh JVM against every transaction the driver saw acknowledged.
 */
final class CrashRun {
  private static final long START_TIMEOUT_MS = 5 * 60_000L;
  private static final long LOAD_TIMEOUT_MS = 20 * 60_000L;
  private static final long RESTART_TIMEOUT_MS = 10 * 60_000L;
  private static final long STOP_TIMEOUT_MS = 120_000L;
  private static final long CHECK_TIMEOUT_MS = 20 * 60_000L;
  private static final int PROGRESS_SECONDS = 5;

  private final String backend;
  private final RunSettings s;
  private final Consumer<String> progress;
  private final Path dir;
  private final Path log;
  private final List<String> notes = new ArrayList<>();
  private Timeline timeline;
  private long minAckedAfterRestart;

  CrashRun(String backend, RunSettings s, Consumer<String> progress) {
    TpcbBackends.byName(backend); // fails early, naming the known backends
    this.backend = backend;
    this.s = s;
    this.progress = progress;
    this.dir = s.dataDir().resolve(backend);
    this.log = s.logDir().resolve("bank-" + backend + ".log");
  }

  /**
   * Makes the run go on past its end, if need be, until the restarted bank has acknowledged {@code
   * n} transactions (within the restart's time limit): on a busy machine the restart may use up the
   * run's whole window. The rates still cover the run's seconds only.
   */
  CrashRun awaitingAfterRestart(long n) {
    this.minAckedAfterRestart = n;
    return this;
  }

  /** True if {@code backend}'s data survives a restart. */
  static boolean persistent(String backend) {
    return TpcbBackends.persistent(backend);
  }

  /** True if {@code backend}'s stores preload under {@code p}. */
  static boolean preloads(String backend, Preload p) {
    return TpcbBackends.preloads(backend, p);
  }

  RunResult run() throws Exception {
    Files.createDirectories(s.logDir());
    Dirs.delete(dir);
    try {
      return runBank();
    } finally {
      Dirs.delete(dir);
    }
  }

  private RunResult runBank() throws Exception {
    boolean persistent = persistent(backend);
    ChildJvm first = start(0);
    ChildJvm last = first;
    try {
      if (first.awaitPhase("ready", START_TIMEOUT_MS) == null) {
        return failed("the cache did not start: " + tail(first));
      }
      ChildJvm.Phase loaded = first.awaitPhase("loaded", LOAD_TIMEOUT_MS);
      if (loaded == null) return failed("the bank did not load: " + tail(first));
      long loadMillis = loaded.millis() - first.phase("ready").millis();
      progress.accept(
          String.format("loaded in %.1f s, running %d s", loadMillis / 1e3, s.seconds()));
      Recovery recovery = Recovery.NONE;
      long restartFirst = -1;
      if (s.kills()) {
        runUntil(s.crashAt());
        long killMillis = System.currentTimeMillis();
        first.kill();
        progress.accept("killed (SIGKILL) at " + s.crashAt() + " s; restarting");
        last = start(1);
        if (last.awaitPhase("ready", START_TIMEOUT_MS) == null) {
          return failed("the cache did not restart: " + tail(last));
        }
        ChildJvm.Phase p = last.awaitPhase("first", RESTART_TIMEOUT_MS);
        if (p == null) return failed("no transaction after the restart: " + tail(last));
        recovery = Recovery.of(killMillis, last);
        restartFirst = p.millis();
        progress.accept(
            String.format("first transaction %.0f ms after the kill", recovery.total()));
      }
      runUntil(s.seconds());
      if (s.kills() && !awaitAfterRestart()) {
        return failed(
            String.format(
                "the restarted bank acknowledged %d transactions, %d awaited: %s",
                ackedAfterRestart(), minAckedAfterRestart, tail(last)));
      }
      if (last.stop(STOP_TIMEOUT_MS) != 0)
        return failed("the bank did not stop cleanly: " + tail(last));
      long aborts = aborts(first) + (last == first ? 0 : aborts(last));
      return result(persistent, recovery, restartFirst, aborts, loadMillis);
    } finally {
      first.close();
      last.close();
    }
  }

  /** Transactions of the restarted bank (epoch 1: ids from 2^40, see BankChild). */
  private long ackedAfterRestart() {
    return timeline.ackedFrom(1L << 40);
  }

  /** Waits until the restarted bank acknowledged the awaited count; false if the time ran out. */
  private boolean awaitAfterRestart() throws InterruptedException {
    long deadline = System.currentTimeMillis() + RESTART_TIMEOUT_MS;
    while (ackedAfterRestart() < minAckedAfterRestart) {
      if (System.currentTimeMillis() > deadline) return false;
      Thread.sleep(10);
    }
    return true;
  }

  private ChildJvm start(long epoch) throws IOException {
    List<String> args = new ArrayList<>(List.of("run"));
    args.addAll(common());
    args.addAll(List.of("--threads", "" + s.threads(), "--epoch", "" + epoch));
    return ChildJvm.start(
        args,
        s.childXmx(),
        s.childFlags(),
        nativeDir(),
        log,
        txid -> timeline.ack(txid, System.currentTimeMillis()),
        (phase, millis) -> {
          if (epoch == 0 && phase.equals("loaded")) timeline = new Timeline(millis);
        });
  }

  private List<String> common() {
    return List.of(
        "--backend",
        backend,
        "--dir",
        dir.toString(),
        "--scale",
        "" + s.shape().scale(),
        "--accounts-per-branch",
        "" + s.shape().accountsPerBranch(),
        "--heap-bytes",
        "" + s.heapBytes(),
        "--preload",
        s.preload().name());
  }

  /** Native libraries of the bank JVMs, deleted with the bank's files. */
  private Path nativeDir() {
    return dir.resolve("native-libs");
  }

  /** Sleeps until second {@code second} of the run, printing progress. */
  private void runUntil(int second) throws InterruptedException {
    long end = timeline.startMillis() + second * 1000L;
    long lastAcked = timeline.acked();
    long lastAt = System.currentTimeMillis();
    while (true) {
      long now = System.currentTimeMillis();
      if (now >= end) return;
      Thread.sleep(Math.min(end - now, PROGRESS_SECONDS * 1000L));
      long t = System.currentTimeMillis();
      long a = timeline.acked();
      if (t < end || second == s.seconds()) {
        progress.accept(
            String.format(
                "t=%3d s  %,.0f tx/s  (%,d committed)",
                (t - timeline.startMillis()) / 1000,
                (a - lastAcked) * 1000.0 / Math.max(1, t - lastAt),
                a));
      }
      lastAcked = a;
      lastAt = t;
    }
  }

  private RunResult result(
      boolean persistent, Recovery recovery, long restartFirst, long aborts, long loadMillis)
      throws Exception {
    long[] per = timeline.perSecond(s.seconds());
    int killSecond = s.kills() ? s.crashAt() : s.seconds();
    double before = rate(per, 0, killSecond);
    double after = Double.NaN;
    if (restartFirst > 0) {
      int from = (int) ((restartFirst - timeline.startMillis()) / 1000) + 1; // skip partial second
      after = rate(per, from, s.seconds());
    }
    String check;
    List<String> violations = List.of();
    if (!persistent) {
      check = "n/a: not persistent (the restart starts from an empty bank)";
    } else {
      Path acked = s.logDir().resolve("acked-" + backend + ".bin");
      timeline.writeAcked(acked);
      ChildJvm c = check(acked);
      List<String> out = c.otherLines();
      check =
          out.stream()
              .filter(l -> l.startsWith("CHECK result "))
              .findFirst()
              .map(l -> l.substring("CHECK result ".length()))
              .orElse("no verdict: " + tail(c));
      violations =
          out.stream()
              .filter(l -> l.startsWith("CHECK violation "))
              .map(l -> l.substring("CHECK violation ".length()))
              .toList();
      Files.deleteIfExists(acked);
    }
    progress.accept("consistency: " + check);
    for (String v : violations) progress.accept("  violation: " + v);
    return new RunResult(
        backend,
        per,
        timeline.acked(),
        before,
        after,
        s.kills() ? ackedAfterRestart() : 0,
        recovery,
        persistent,
        check,
        violations,
        aborts,
        loadMillis,
        null);
  }

  private ChildJvm check(Path acked) throws Exception {
    List<String> args = new ArrayList<>(List.of("check"));
    args.addAll(common());
    args.addAll(List.of("--acked", acked.toString()));
    ChildJvm c =
        ChildJvm.start(
            args, s.childXmx(), s.childFlags(), nativeDir(), log, txid -> {}, (p, m) -> {});
    try {
      if (c.waitFor(CHECK_TIMEOUT_MS) < 0) notes.add("check timed out");
      return c;
    } finally {
      c.close();
    }
  }

  private static double rate(long[] per, int from, int to) {
    if (to <= from) return Double.NaN;
    long n = 0;
    for (int i = from; i < to && i < per.length; i++) n += per[i];
    return (double) n / (to - from);
  }

  private static long aborts(ChildJvm c) {
    return c.otherLines().stream()
        .filter(l -> l.startsWith("ABORTS "))
        .mapToLong(l -> Long.parseLong(l.substring(7).trim()))
        .sum();
  }

  private RunResult failed(String why) {
    progress.accept("FAILED: " + why);
    long[] per = timeline == null ? new long[0] : timeline.perSecond(s.seconds());
    long acked = timeline == null ? 0 : timeline.acked();
    return new RunResult(
        backend,
        per,
        acked,
        Double.NaN,
        Double.NaN,
        0,
        Recovery.NONE,
        persistent(backend),
        "n/a",
        List.of(),
        0,
        -1,
        why);
  }

  /** The end of the bank's log without stack frames, for failure messages. */
  private String tail(ChildJvm c) {
    List<String> out = new ArrayList<>(c.otherLines());
    try {
      List<String> l =
          Files.readAllLines(log).stream().filter(x -> !x.startsWith("\tat ")).toList();
      out.addAll(l.subList(Math.max(0, l.size() - 8), l.size()));
    } catch (IOException e) {
      out.add("(log unreadable: " + e.getMessage() + ")");
    }
    return String.join(" | ", out) + " (log: " + log + ")";
  }
}

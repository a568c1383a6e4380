package org.jnvm.ycsb.bench;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.jnvm.ycsb.Dirs;

/**
 * One (backend, entries) of {@code bin/jnvm bench --restart}:
 *
 * <ol>
 *   <li>a child JVM loads the entries, then runs the write load, printing each acknowledged write;
 *   <li>{@link #KILL_AFTER_MILLIS} after the write load began, the parent sends it SIGKILL, and
 *       writes what it saw acknowledged to a file;
 *   <li>a fresh child JVM starts on the same files, measures its restart and checks every loaded
 *       and acknowledged key ({@link RestartMeasure});
 *   <li>the files are deleted, whatever happened.
 * </ol>
 */
final class RestartCase {
  static final long KILL_AFTER_MILLIS = 1000;

  /** A child that prints nothing for this long is stuck: killed and reported. */
  private static final long STALL_MILLIS = 180_000;

  /** Where RocksDB's loader extracts its native library; a killed JVM never deletes it. */
  private static final String ROCKSDB_LIB_DIR = "ROCKSDB_SHAREDLIB_DIR";

  private final RestartUnit unit;
  private final Path logs;
  private final PrintStream console;
  private final String step;

  RestartCase(RestartUnit unit, Path logs, PrintStream console, String step) {
    this.unit = unit;
    this.logs = logs;
    this.console = console;
    this.step = step;
  }

  /** Runs the case; its row (with the failure, if any). */
  RestartFile.Row run() throws IOException, InterruptedException {
    Path nativeDir = nativeDir();
    Dirs.deleteTree(unit.dir());
    Dirs.deleteTree(nativeDir);
    Files.createDirectories(nativeDir);
    Map<String, String> figures = new HashMap<>();
    try {
      Acks acks = new Acks(unit.records());
      String failure = loadAndKill(acks, figures);
      if (failure == null) {
        acks.write(unit.acked());
        failure = restart(figures);
      }
      return new RestartFile.Row(unit.target(), unit.records(), figures, failure);
    } finally {
      Dirs.deleteTree(unit.dir());
      Dirs.deleteTree(nativeDir);
      Files.deleteIfExists(unit.acked());
    }
  }

  private Path nativeDir() {
    return unit.dir().resolveSibling(unit.dir().getFileName() + "-native");
  }

  /** The first child, killed in its write load; null if it went as planned, else why not. */
  private String loadAndKill(Acks acks, Map<String, String> figures)
      throws IOException, InterruptedException {
    Progress progress = new Progress(console, step + unit.tag() + " load, write, kill");
    Path log = logs.resolve(unit.tag() + "-killed.log");
    try (RestartChild c = start(unit, log, acks, progress)) {
      if (!c.await("loaded", STALL_MILLIS)) return stopped(c, log, "before the load ended");
      figures.put("load_s", seconds(c.phase("loaded") - c.phase("main")));
      if (!c.await("writing", STALL_MILLIS)) return stopped(c, log, "before the write load");
      Thread.sleep(KILL_AFTER_MILLIS);
      if (!c.alive()) return stopped(c, log, "before its kill");
      c.kill();
      progress.note(String.format(Locale.ROOT, "killed, %,d writes acknowledged", acks.writes()));
      figures.put("acked_writes", Long.toString(acks.writes()));
      return null;
    }
  }

  /** The restarted child; null if it measured and checked, else why not. */
  private String restart(Map<String, String> figures) throws IOException, InterruptedException {
    Progress progress = new Progress(console, step + unit.tag() + " restart");
    Path log = logs.resolve(unit.tag() + "-restarted.log");
    RestartUnit r = unit.restart();
    try (RestartChild c = start(r, log, null, progress)) {
      int rc = c.awaitExit(STALL_MILLIS);
      progress.finish(rc);
      if (c.phase("main") != null) {
        figures.put("jvm_start_ms", Long.toString(c.phase("main") - c.spawnMillis()));
      }
      Map<String, String> result = c.result();
      if (result != null) figures.putAll(result);
      if (rc < 0) return "the restarted JVM printed nothing for " + STALL_MILLIS / 1000 + " s";
      if (rc != 0 || result == null) return "the restart failed: " + Children.failure(log, rc);
      return null;
    }
  }

  private RestartChild start(RestartUnit u, Path log, Acks acks, Progress progress)
      throws IOException {
    Path spec = logs.resolve(u.tag() + (u.restarted() ? "-restarted" : "-killed") + ".properties");
    u.write(spec);
    long heapMb = Bench.childHeapMb(u.records(), Children.physicalMb());
    // No pre-touched heap: the JVM starts as a user's would, and its start is one of the figures.
    List<String> cmd = Children.command(heapMb, List.of(), RestartMain.class, spec);
    Map<String, String> env = Map.of(ROCKSDB_LIB_DIR, nativeDir().toString());
    return RestartChild.start(cmd, log, env, acks, progress);
  }

  private static String stopped(RestartChild c, Path log, String when)
      throws IOException, InterruptedException {
    if (c.alive()) {
      c.kill();
      return "printed nothing for " + STALL_MILLIS / 1000 + " s " + when + ": killed";
    }
    return "exited " + when + ": " + Children.failure(log, c.exitCode());
  }

  private static String seconds(long millis) {
    return String.format(Locale.ROOT, "%.1f", millis / 1e3);
  }
}

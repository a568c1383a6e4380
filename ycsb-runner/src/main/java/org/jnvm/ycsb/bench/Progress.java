package org.jnvm.ycsb.bench;

import java.io.PrintStream;

/**
 * The progress line of one child JVM: reads its {@code progress PHASE DONE TOTAL} and {@code done W
 * THROUGHPUT} lines and prints at most one line every few seconds, plus one per finished phase.
 */
final class Progress {
  private static final long EVERY_NANOS = 5_000_000_000L;
  private final PrintStream out;
  private final String name;
  private final long t0 = System.nanoTime();
  private final StringBuilder finished = new StringBuilder();
  private long last;

  Progress(PrintStream out, String name) {
    this.out = out;
    this.name = name;
    out.println("[bench] " + name + ": starting");
  }

  /** True if {@code line} was a progress line (consumed). */
  synchronized boolean accept(String line) {
    String[] f = line.split(" ");
    if (f.length == 4 && f[0].equals("progress")) {
      long now = System.nanoTime();
      if (now - last >= EVERY_NANOS) {
        last = now;
        String what = f[3].equals("0") ? f[1] : f[1] + " " + f[2] + "/" + f[3] + " ops";
        out.printf("[bench] %s: %s (%.0f s)%n", name, what, (now - t0) / 1e9);
      }
      return true;
    }
    if (f.length == 3 && f[0].equals("done")) {
      finished.append(
          String.format(" %s %.1fk/s", f[1].toUpperCase(), Double.parseDouble(f[2]) / 1e3));
      return true;
    }
    return false;
  }

  synchronized void note(String s) {
    out.println("[bench] " + name + ": " + s);
  }

  void finish(int rc) {
    String status = rc == 0 ? "done" : "FAILED (exit " + rc + ")";
    out.printf(
        "[bench] %s: %s in %.0f s:%s%n", name, status, (System.nanoTime() - t0) / 1e9, finished);
  }
}

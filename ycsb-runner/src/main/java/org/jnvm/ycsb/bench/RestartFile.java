package org.jnvm.ycsb.bench;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code restart.tsv}: one line per (backend, entries) of {@code bin/jnvm bench --restart}, the
 * figures in the columns of {@link #FIGURES} ({@code -} where a row has none: a failed restart, a
 * backend without a J-NVM heap), then the failure, if any.
 */
final class RestartFile {
  /** Figure columns, in file order. Times in ms; the child's from the start of its open call. */
  static final List<String> FIGURES =
      List.of(
          "load_s",
          "acked_writes",
          "jvm_start_ms",
          "before_open_ms",
          "open_ms",
          "manager_ms",
          "cache_ms",
          "recovery_ms",
          "mark_ms",
          "sweep_ms",
          "live_objects",
          "first_read_ms",
          "steady90_ms",
          "steady_reads_per_s",
          "rising",
          "warm_reads_per_s",
          "reads_failed",
          "heap_mb",
          "rss_mb",
          "shm_mb",
          "entries_in_memory",
          "checked",
          "missing",
          "stale",
          "corrupt",
          "lost");

  static final String HEADER = "target\trecords\t" + String.join("\t", FIGURES) + "\tfailure";

  /** One line: {@code failure} null if the case completed. */
  record Row(String target, long records, Map<String, String> figures, String failure) {
    /** Figure {@code name} as a number, NaN if the row has none. */
    double num(String name) {
      String v = figures.get(name);
      if (v == null || v.equals("-")) return Double.NaN;
      return Double.parseDouble(v);
    }

    /** True if the read period ended while the rate still rose ({@link Steady#rising}). */
    boolean rising() {
      return Boolean.parseBoolean(figures.get("rising"));
    }
  }

  private RestartFile() {}

  static void append(Path file, Row r) {
    List<String> cells = new ArrayList<>(List.of(r.target(), Long.toString(r.records())));
    for (String f : FIGURES) cells.add(r.figures().getOrDefault(f, "-"));
    cells.add(r.failure() == null ? "-" : r.failure().replaceAll("[\t\n\r]", " "));
    Tsv.append(file, HEADER, List.of(String.join("\t", cells)));
  }

  static List<Row> read(Path file) {
    return Tsv.read(file, RestartFile::row);
  }

  private static Row row(String[] c) {
    if (c.length != FIGURES.size() + 3) {
      throw new IllegalArgumentException("not a restart.tsv line: " + Arrays.toString(c));
    }
    Map<String, String> figures = new LinkedHashMap<>();
    for (int i = 0; i < FIGURES.size(); i++) {
      if (!c[i + 2].equals("-")) figures.put(FIGURES.get(i), c[i + 2]);
    }
    String failure = c[c.length - 1].equals("-") ? null : c[c.length - 1];
    return new Row(c[0], Long.parseLong(c[1]), figures, failure);
  }
}

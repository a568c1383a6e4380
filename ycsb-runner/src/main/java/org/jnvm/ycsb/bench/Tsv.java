package org.jnvm.ycsb.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * The tab-separated files of the runners: a header line starting {@code target\t}, then one line a
 * figure; lines are appended as the child JVMs measure (one writer at a time: the children run one
 * after the other), and read back whole by the parent for its report.
 */
final class Tsv {
  private Tsv() {}

  /** Appends {@code lines} to {@code file}, writing {@code header} first if it does not exist. */
  static void append(Path file, String header, List<String> lines) {
    try {
      if (!Files.exists(file)) Files.writeString(file, header + "\n");
      Files.write(file, lines, StandardOpenOption.APPEND);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot append to " + file, e);
    }
  }

  /** Each figure line of {@code file}, split at tabs and parsed; none if it does not exist. */
  static <T> List<T> read(Path file, Function<String[], T> row) {
    List<T> rows = new ArrayList<>();
    if (!Files.exists(file)) return rows;
    try {
      for (String line : Files.readAllLines(file)) {
        if (line.isBlank() || line.startsWith("target\t")) continue;
        rows.add(row.apply(line.split("\t")));
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + file, e);
    }
    return rows;
  }
}

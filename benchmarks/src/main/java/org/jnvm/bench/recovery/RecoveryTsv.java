package org.jnvm.bench.recovery;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;

/** The recovery results file: a header line, then one tab-separated line per run. */
public final class RecoveryTsv {
  private RecoveryTsv() {}

  /** Appends {@code runs} to {@code file}, writing the header first if the file is new. */
  public static void append(Path file, List<RecoveryRun> runs) throws IOException {
    StringBuilder sb = new StringBuilder();
    if (!Files.exists(file) || Files.size(file) == 0) {
      sb.append(String.join("\t", RecoveryRun.COLUMNS)).append('\n');
    }
    for (RecoveryRun r : runs) sb.append(r.toTsv()).append('\n');
    Files.writeString(
        file,
        sb.toString(),
        StandardCharsets.UTF_8,
        StandardOpenOption.CREATE,
        StandardOpenOption.APPEND);
  }

  /** Reads every run of {@code file} (header lines are skipped). */
  public static List<RecoveryRun> read(Path file) throws IOException {
    List<RecoveryRun> runs = new ArrayList<>();
    for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
      if (line.isBlank() || line.startsWith(RecoveryRun.COLUMNS.get(0))) continue;
      runs.add(RecoveryRun.fromTsv(line));
    }
    return runs;
  }
}

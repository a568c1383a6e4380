package org.jnvm.bench.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.jnvm.bench.recovery.RecoveryRun;
import org.jnvm.bench.recovery.RecoveryTsv;

/**
 * Writes {@code report.md} for a results directory and prints it: {@code Report DIR}. Reads {@code
 * env.properties}, every JMH {@code *.json} and {@code recovery.tsv}, whichever exist.
 */
public final class Report {
  static final String ENV = "env.properties";
  static final String RECOVERY = "recovery.tsv";
  static final String OUT = "report.md";

  private Report() {}

  public static void main(String[] args) throws IOException {
    if (args.length != 1) {
      System.err.println("usage: Report RESULTS_DIR");
      System.exit(64);
    }
    Path dir = Path.of(args[0]);
    String md = render(dir);
    Files.writeString(dir.resolve(OUT), md, StandardCharsets.UTF_8);
    System.out.print(md);
  }

  static String render(Path dir) throws IOException {
    if (!Files.isDirectory(dir)) throw new IOException("not a results directory: " + dir);
    Path tsv = dir.resolve(RECOVERY);
    List<RecoveryRun> runs = Files.exists(tsv) ? RecoveryTsv.read(tsv) : List.of();
    return new MarkdownReport(Environment.read(dir.resolve(ENV)), jmhResults(dir), runs).render();
  }

  private static List<JmhResult> jmhResults(Path dir) throws IOException {
    List<JmhResult> all = new ArrayList<>();
    try (Stream<Path> files = Files.list(dir)) {
      for (Path f : files.filter(p -> p.toString().endsWith(".json")).sorted().toList()) {
        String text = Files.readString(f, StandardCharsets.UTF_8);
        if (text.isBlank()) continue; // JMH leaves an empty file when every benchmark failed
        try {
          all.addAll(JmhResult.parse(text));
        } catch (IllegalArgumentException e) {
          throw new IOException("cannot read JMH results: " + e.getMessage() + " file=" + f, e);
        }
      }
    }
    return all;
  }
}

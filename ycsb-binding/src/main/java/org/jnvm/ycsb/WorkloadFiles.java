package org.jnvm.ycsb;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * YCSB's core workload files A-F, which this jar ships under {@code workloads/} (YCSB's own jar
 * ships none): {@code java -cp CP org.jnvm.ycsb.WorkloadFiles DIR} writes them into DIR, for the
 * stock client's {@code -P DIR/workloada}. A file already in DIR with other contents is left alone
 * and reported, never overwritten.
 */
public final class WorkloadFiles {
  /** The file names, as YCSB names them. */
  public static final List<String> NAMES =
      List.of("workloada", "workloadb", "workloadc", "workloadd", "workloade", "workloadf");

  private WorkloadFiles() {}

  /**
   * The bytes of workload file {@code name}, one of {@link #NAMES}.
   *
   * @throws IllegalArgumentException naming the known files if {@code name} is not one
   */
  public static byte[] bytes(String name) {
    if (!NAMES.contains(name)) {
      throw new IllegalArgumentException("unknown workload file: name=" + name + " known=" + NAMES);
    }
    String resource = "/workloads/" + name;
    try (InputStream in = WorkloadFiles.class.getResourceAsStream(resource)) {
      if (in == null)
        throw new IllegalStateException("workload file missing from the jar: " + resource);
      return in.readAllBytes();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read workload file: " + resource, e);
    }
  }

  /**
   * Writes every workload file into {@code dir} (created if missing) and returns their paths. A
   * file that exists with the same bytes is kept as is.
   *
   * @throws IllegalStateException naming the file if one exists there with other contents
   */
  public static List<Path> writeTo(Path dir) throws IOException {
    Files.createDirectories(dir);
    List<Path> written = new ArrayList<>();
    for (String name : NAMES) {
      Path f = dir.resolve(name);
      byte[] b = bytes(name);
      if (Files.exists(f) && !Arrays.equals(Files.readAllBytes(f), b)) {
        throw new IllegalStateException(
            "not overwritten: "
                + f
                + " exists with other contents (remove it or pick another DIR)");
      }
      if (!Files.exists(f)) Files.write(f, b);
      written.add(f);
    }
    return written;
  }

  /** {@code WorkloadFiles DIR}: writes the files into DIR and prints their paths. */
  public static void main(String[] args) throws IOException {
    if (args.length != 1) {
      System.err.println("usage: java -cp CLASSPATH org.jnvm.ycsb.WorkloadFiles DIR");
      System.exit(64);
    }
    try {
      for (Path f : writeTo(Path.of(args[0]))) System.out.println(f);
    } catch (IllegalStateException e) {
      System.err.println("jnvm: " + e.getMessage());
      System.exit(1);
    }
  }
}

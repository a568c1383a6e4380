package org.jnvm.ycsb.bench;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Properties;
import java.util.stream.Collectors;

/**
 * What one child JVM of {@code bin/jnvm bench --scale} runs: one target under one collector grows
 * its data set through {@code sizes} (record counts, ascending), loading only the records each step
 * adds, and runs the workloads at each size.
 *
 * @param target the backend's name
 * @param gc the collector's name in the report ({@link ScalePlan#GCS})
 * @param heapMb the child's {@code -Xmx}, sized for the largest size
 * @param sizes record counts, ascending
 * @param threads client threads of the measured workloads
 * @param loadThreads client threads of the loads
 * @param workloads letters, run in this order at each size
 * @param seconds each workload's duration
 * @param warmUpSeconds unmeasured run before the measured ones at each size, shared by the
 *     workloads (each warms up before its own run)
 * @param dir the directory of the target's files (deleted afterwards by the parent)
 * @param results the TSV file the child appends its points to
 */
record ScaleUnit(
    String target,
    String gc,
    long heapMb,
    List<Long> sizes,
    int threads,
    int loadThreads,
    List<String> workloads,
    double seconds,
    double warmUpSeconds,
    Path dir,
    Path results) {

  /** Operations a workload may run: its duration ends it first. */
  static final long OPS = 100_000_000;

  void write(Path file) {
    Properties p = new Properties();
    p.setProperty("target", target);
    p.setProperty("gc", gc);
    p.setProperty("heapMb", Long.toString(heapMb));
    p.setProperty("sizes", sizes.stream().map(String::valueOf).collect(Collectors.joining(",")));
    p.setProperty("threads", Integer.toString(threads));
    p.setProperty("loadThreads", Integer.toString(loadThreads));
    p.setProperty("workloads", String.join(",", workloads));
    p.setProperty("seconds", Double.toString(seconds));
    p.setProperty("warmUpSeconds", Double.toString(warmUpSeconds));
    p.setProperty("dir", dir.toString());
    p.setProperty("results", results.toString());
    try (OutputStream out = Files.newOutputStream(file)) {
      p.store(out, "one JVM of bin/jnvm bench --scale");
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write the run description: file=" + file, e);
    }
  }

  static ScaleUnit read(Path file) {
    Properties p = new Properties();
    try (InputStream in = Files.newInputStream(file)) {
      p.load(in);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the run description: file=" + file, e);
    }
    return new ScaleUnit(
        p.getProperty("target"),
        p.getProperty("gc"),
        Long.parseLong(p.getProperty("heapMb")),
        Arrays.stream(p.getProperty("sizes").split(",")).map(Long::valueOf).toList(),
        Integer.parseInt(p.getProperty("threads")),
        Integer.parseInt(p.getProperty("loadThreads")),
        List.of(p.getProperty("workloads").split(",")),
        Double.parseDouble(p.getProperty("seconds")),
        Double.parseDouble(p.getProperty("warmUpSeconds")),
        Path.of(p.getProperty("dir")),
        Path.of(p.getProperty("results")));
  }

  /** A short name for progress lines and logs, e.g. {@code volatile-g1}. */
  String tag() {
    return target + "-" + gc;
  }
}

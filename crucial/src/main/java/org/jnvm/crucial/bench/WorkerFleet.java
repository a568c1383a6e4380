package org.jnvm.crucial.bench;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The throughput experiment's client side: {@code workers} forked JVMs ({@link ThroughputWorker})
 * of {@code threads} client threads each, all told the same commands. A phase's throughput is the
 * sum over the workers of each one's operations over its own phase time. Closing ends them (stdin
 * closed, then SIGKILL if one lingers); a worker also exits by itself when this JVM dies.
 */
final class WorkerFleet implements AutoCloseable {
  private final List<Process> processes = new ArrayList<>();
  private final List<PrintStream> ins = new ArrayList<>();
  private final List<BufferedReader> outs = new ArrayList<>();

  WorkerFleet(int workers, int threads, Path logDir) throws IOException {
    Files.createDirectories(logDir);
    try {
      for (int w = 0; w < workers; w++) {
        start(threads, logDir.resolve("tp-worker-" + w + ".log"));
      }
      for (BufferedReader out : outs) {
        expect(out.readLine(), "READY");
      }
    } catch (IOException | RuntimeException e) {
      close();
      throw e;
    }
  }

  private void start(int threads, Path log) throws IOException {
    List<String> cmd =
        List.of(
            Path.of(System.getProperty("java.home"), "bin", "java").toString(),
            "-Xmx256m",
            "-XX:+UseSerialGC",
            "-cp",
            System.getProperty("java.class.path"),
            ThroughputWorker.class.getName(),
            Integer.toString(threads));
    Process p =
        new ProcessBuilder(cmd)
            .redirectError(ProcessBuilder.Redirect.appendTo(log.toFile()))
            .start();
    processes.add(p);
    ins.add(new PrintStream(p.getOutputStream(), true, StandardCharsets.UTF_8));
    outs.add(new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8)));
  }

  /** Tells every worker {@code command}; each must answer OK. */
  void configure(String command) throws IOException {
    for (String a : broadcast(command)) {
      expect(a, "OK");
    }
  }

  /** The worker JVMs' process ids. */
  List<Long> pids() {
    return processes.stream().map(Process::pid).toList();
  }

  /** One timed phase on every worker at once; returns operations per second, all workers. */
  double run(String target, int times, long millis) throws IOException {
    return phase(target, times, millis).rate();
  }

  /**
   * A phase's operations (all workers) and its rate: the sum of each worker's ops over its time.
   */
  record Phase(long ops, double rate) {}

  /** One timed phase on every worker at once. */
  Phase phase(String target, int times, long millis) throws IOException {
    double rate = 0;
    long ops = 0;
    for (String a : broadcast("RUN " + target + " " + times + " " + millis)) {
      String[] f = expect(a, "DONE").split(" ");
      ops += Long.parseLong(f[1]);
      rate += Long.parseLong(f[1]) / (Long.parseLong(f[2]) / 1e9);
    }
    return new Phase(ops, rate);
  }

  private List<String> broadcast(String command) throws IOException {
    ins.forEach(in -> in.println(command));
    List<String> answers = new ArrayList<>();
    for (BufferedReader out : outs) {
      answers.add(out.readLine());
    }
    return answers;
  }

  private static String expect(String answer, String word) throws IOException {
    if (answer == null || !answer.startsWith(word)) {
      throw new IOException(
          "throughput worker answered '" + answer + "' instead of " + word + " (see its log)");
    }
    return answer;
  }

  @Override
  public void close() {
    ins.forEach(PrintStream::close);
    for (Process p : processes) {
      try {
        if (!p.waitFor(10, TimeUnit.SECONDS)) {
          p.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
      } catch (InterruptedException e) {
        p.destroyForcibly();
        Thread.currentThread().interrupt();
      }
    }
  }
}

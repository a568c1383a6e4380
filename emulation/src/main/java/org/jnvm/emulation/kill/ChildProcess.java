package org.jnvm.emulation.kill;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * One workload child: its process, whose standard output and error go to a temporary file, and a
 * reader thread that follows that file ({@link LogTail}) and parses ACK lines and the rest as they
 * come. Standard input stays a pipe that the harness never writes to (see {@link KillChild}).
 *
 * <p>Invariants: acknowledgements are strictly increasing and above {@code floor} (the last one of
 * the previous round), or {@link #protocolError} says which broke the rule; after {@link #close}
 * the process is dead, even when the caller failed half-way.
 */
final class ChildProcess implements AutoCloseable {
  private static final int TAIL_LINES = 40;
  private static final String ACK = "ACK ";
  private static final long POLL_MILLIS = 2;

  private final Process process;
  private final Path log;
  private final Thread reader;
  private final Thread reaper;
  private final ArrayDeque<String> tail = new ArrayDeque<>();
  private volatile long lastAck;
  private volatile long acks;
  private volatile String backendLine = "";
  private volatile String protocolError;
  private boolean outputEnded; // guarded by this

  private ChildProcess(Process process, Path log, long floor) {
    this.process = process;
    this.log = log;
    this.lastAck = floor;
    this.reader = new Thread(this::read, "jnvm-kill-reader-" + process.pid());
    this.reader.setDaemon(true);
    this.reaper = new Thread(process::destroyForcibly, "jnvm-kill-reaper-" + process.pid());
  }

  /** Starts the child; its acknowledgements must all be above {@code floor}. */
  static ChildProcess start(List<String> command, long floor) throws IOException {
    Path log = Files.createTempFile("jnvm-kill-", ".out");
    ProcessBuilder pb =
        new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile());
    pb.environment().remove("JNVM_BACKEND");
    Process p;
    try {
      p = pb.start();
    } catch (IOException e) {
      Files.deleteIfExists(log);
      throw e;
    }
    ChildProcess c = new ChildProcess(p, log, floor);
    Runtime.getRuntime().addShutdownHook(c.reaper);
    c.reader.start();
    return c;
  }

  long pid() {
    return process.pid();
  }

  /** True once {@code n} ACKs arrived; false if the output ended first or the time ran out. */
  synchronized boolean awaitAcks(long n, Duration timeout) throws InterruptedException {
    long deadline = System.nanoTime() + timeout.toNanos();
    while (acks < n && !outputEnded) {
      long left = deadline - System.nanoTime();
      if (left <= 0) break;
      TimeUnit.NANOSECONDS.timedWait(this, left);
    }
    return acks >= n;
  }

  /** True if the child exits within {@code millis}. */
  boolean exitsWithin(long millis) throws InterruptedException {
    return process.waitFor(millis, TimeUnit.MILLISECONDS);
  }

  /** Sends SIGKILL: on Linux {@link Process#destroyForcibly} is {@code kill(pid, SIGKILL)}. */
  void kill() {
    process.destroyForcibly();
  }

  /** Waits for the child to end and its output to be read; returns its exit status. */
  int awaitEnd(Duration timeout) throws InterruptedException {
    if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
      throw new KillHarnessException(
          "child did not end within " + timeout.toMillis() + " ms: pid=" + process.pid());
    }
    reader.join(timeout.toMillis());
    if (reader.isAlive()) {
      throw new KillHarnessException(
          "child output did not end within " + timeout.toMillis() + " ms: pid=" + process.pid());
    }
    return process.exitValue();
  }

  boolean isAlive() {
    return process.isAlive();
  }

  long lastAck() {
    return lastAck;
  }

  long acks() {
    return acks;
  }

  String backendLine() {
    return backendLine;
  }

  String protocolError() {
    return protocolError;
  }

  /** The child's last non-ACK output lines. */
  synchronized String tail() {
    return tail.isEmpty() ? "(no output besides ACK lines)" : String.join("\n", tail);
  }

  @Override
  public void close() throws InterruptedException, IOException {
    process.destroyForcibly();
    process.waitFor(30, TimeUnit.SECONDS);
    closeQuietly();
    reader.join(5_000);
    try {
      Runtime.getRuntime().removeShutdownHook(reaper);
    } catch (IllegalStateException shuttingDown) {
      // the hook is running or about to: it does the same
    }
    Files.deleteIfExists(log);
  }

  private void closeQuietly() {
    try {
      process.getOutputStream().close();
    } catch (IOException ignored) {
      // the child is dead; its pipe is gone with it
    }
  }

  /** Follows the log until the child has ended and every byte it wrote has been parsed. */
  private void read() {
    try (LogTail tail = new LogTail(log)) {
      boolean ended;
      do {
        ended = !process.isAlive(); // sampled before the poll: that poll then sees everything
        List<String> lines = tail.poll();
        lines.forEach(this::line);
        if (lines.isEmpty() && !ended) Thread.sleep(POLL_MILLIS);
      } while (!ended);
      String rest = tail.rest();
      if (!rest.isEmpty()) other(rest); // an ACK counts once its line end is written
    } catch (IOException e) {
      other("[harness] reading child output failed: " + e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } finally {
      synchronized (this) {
        outputEnded = true;
        notifyAll();
      }
    }
  }

  private void line(String line) {
    if (line.startsWith(ACK)) ack(line);
    else other(line);
  }

  private void ack(String line) {
    long n;
    try {
      n = Long.parseLong(line.substring(ACK.length()).trim());
    } catch (NumberFormatException e) {
      breakProtocol("malformed ACK line: \"" + line + "\"");
      return;
    }
    if (n <= lastAck) breakProtocol("ACK not increasing: " + n + " after " + lastAck);
    synchronized (this) {
      lastAck = n;
      acks++;
      notifyAll();
    }
  }

  private void breakProtocol(String what) {
    if (protocolError == null) protocolError = what;
  }

  private synchronized void other(String line) {
    if (line.startsWith("[jnvm] gateway backend:") && backendLine.isEmpty()) backendLine = line;
    if (tail.size() == TAIL_LINES) tail.removeFirst();
    tail.addLast(line);
  }
}

package org.jnvm.tpcb;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.function.BiConsumer;
import java.util.function.LongConsumer;

/**
 * One bank JVM ({@link BankChild}) and the thread that reads its {@link Protocol} lines: phases
 * with their times, ACKs handed to a consumer, other lines kept. Standard error goes to a log file.
 * Started with the JVM flags this JVM was given (the gateway's {@code --add-*} flags).
 */
final class ChildJvm implements AutoCloseable {
  /** Environment variable of extra JVM flags for the bank JVMs. */
  static final String CHILD_OPTS = "JNVM_TPCB_CHILD_OPTS";

  /** Where RocksDB's loader extracts its native library (its own environment variable). */
  static final String ROCKSDB_LIB_DIR = "ROCKSDB_SHAREDLIB_DIR";

  /** A phase line: the child's wall-clock time and the rest of the line. */
  record Phase(long millis, String[] rest) {}

  private final Process process;
  private final Thread reader;
  private final long spawnMillis;
  private final ConcurrentHashMap<String, Phase> phases = new ConcurrentHashMap<>();
  private final List<String> lines = new CopyOnWriteArrayList<>();

  private ChildJvm(
      Process p, long spawnMillis, LongConsumer acks, BiConsumer<String, Long> onPhase) {
    this.process = p;
    this.spawnMillis = spawnMillis;
    this.reader = new Thread(() -> read(acks, onPhase), "tpcb-child-output");
    reader.setDaemon(true);
    reader.start();
  }

  /**
   * Starts {@code java ... BankChild args}, standard error appended to {@code log}, native
   * libraries extracted into {@code nativeDir} (created; the caller deletes it). The reading thread
   * hands each ACK to {@code acks} and each phase to {@code onPhase} (before any later line).
   */
  static ChildJvm start(
      List<String> args,
      String xmx,
      List<String> flags,
      Path nativeDir,
      Path log,
      LongConsumer acks,
      BiConsumer<String, Long> onPhase)
      throws IOException {
    List<String> cmd = new ArrayList<>(List.of("-Xmx" + xmx));
    cmd.addAll(flags);
    // Extra bank JVM flags, e.g. a profiler: JNVM_TPCB_CHILD_OPTS="-XX:StartFlightRecording=..."
    String extra = System.getenv(CHILD_OPTS);
    if (extra != null && !extra.isBlank()) cmd.addAll(List.of(extra.trim().split("\\s+")));
    cmd = java(cmd);
    cmd.add(BankChild.class.getName());
    cmd.addAll(args);
    ProcessBuilder pb = new ProcessBuilder(cmd);
    // RocksDB extracts its native library to a temporary file that only a normal exit deletes: a
    // killed bank would leave 15 MB in /tmp per kill. It goes where the run deletes it instead.
    pb.environment().put(ROCKSDB_LIB_DIR, Files.createDirectories(nativeDir).toString());
    pb.redirectError(ProcessBuilder.Redirect.appendTo(log.toFile()));
    long spawn = System.currentTimeMillis();
    return new ChildJvm(pb.start(), spawn, acks, onPhase);
  }

  /** {@link #java(List, String)} with this JVM's class path. */
  static List<String> java(List<String> flags) {
    return java(flags, System.getProperty("java.class.path"));
  }

  /**
   * {@code java}, the gateway flags this JVM was given, {@code flags}, and {@code classPath}: a
   * command to which a main class (or nothing, for {@code -Xshare:dump}) is added.
   */
  static List<String> java(List<String> flags, String classPath) {
    List<String> cmd = new ArrayList<>();
    cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    for (String a : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
      if (a.startsWith("--add-") || a.startsWith("--sun-misc") || a.startsWith("--enable-native")) {
        cmd.add(a);
      }
    }
    cmd.addAll(flags);
    cmd.add("-cp");
    cmd.add(classPath);
    return cmd;
  }

  private void read(LongConsumer acks, BiConsumer<String, Long> onPhase) {
    try (BufferedReader r =
        new BufferedReader(
            new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
      String line;
      while ((line = r.readLine()) != null) {
        if (line.startsWith("ACK ")) {
          acks.accept(Long.parseLong(line.substring(4).trim()));
        } else if (line.startsWith("PHASE ")) {
          String[] f = line.split(" ");
          String[] rest = java.util.Arrays.copyOfRange(f, 3, f.length);
          long millis = Long.parseLong(f[2]);
          onPhase.accept(f[1], millis);
          phases.put(f[1], new Phase(millis, rest));
        } else {
          lines.add(line);
        }
      }
    } catch (IOException | RuntimeException e) {
      lines.add("output reader: " + e);
    }
  }

  long spawnMillis() {
    return spawnMillis;
  }

  /** The phase {@code name}, or null if the child has not reached it. */
  Phase phase(String name) {
    return phases.get(name);
  }

  /**
   * Waits up to {@code millis} for phase {@code name}; null if it did not come (or the JVM died).
   */
  Phase awaitPhase(String name, long millis) throws InterruptedException {
    long end = System.currentTimeMillis() + millis;
    while (System.currentTimeMillis() < end) {
      Phase p = phases.get(name);
      if (p != null) return p;
      if (!process.isAlive()) {
        reader.join(2000);
        return phases.get(name);
      }
      Thread.sleep(2);
    }
    return null;
  }

  /** The lines that were neither ACKs nor phases (ABORTS, CHECK ...). */
  List<String> otherLines() {
    return List.copyOf(lines);
  }

  boolean isAlive() {
    return process.isAlive();
  }

  /** SIGKILL, then waits for the exit and for the last lines already in the pipe. */
  void kill() throws InterruptedException {
    process.destroyForcibly();
    process.waitFor();
    reader.join(5000);
  }

  /** Asks the bank to stop (a STOP line), waits up to {@code millis}; the exit code or -1. */
  int stop(long millis) throws InterruptedException {
    try {
      OutputStream in = process.getOutputStream();
      in.write("STOP\n".getBytes(StandardCharsets.UTF_8));
      in.flush();
    } catch (IOException gone) {
      // already exiting: wait below
    }
    return waitFor(millis);
  }

  /** Waits up to {@code millis} for the exit and the last output; the exit code, -1 if alive. */
  int waitFor(long millis) throws InterruptedException {
    if (!process.waitFor(millis, TimeUnit.MILLISECONDS)) return -1;
    reader.join(5000);
    return process.exitValue();
  }

  @Override
  public void close() {
    process.destroyForcibly();
    try {
      process.waitFor(10, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}

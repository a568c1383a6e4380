package org.jnvm.core.pmem;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * Which cache-line write-back instruction a JVM emits, for reports. It is not simply what the CPU
 * has: JDK 17 detects CLWB on Intel only, so on AMD it emits clflushopt, which evicts the line (a
 * line written back and read soon after then costs a miss); JDK 25 and a JDK built with the
 * hotspot-patch module emit clwb, which keeps it. HotSpot states the features it detected in {@code
 * -Xlog:os+cpu}'s "CPU:" line and prefers clwb, then clflushopt, then clflush.
 */
public final class JvmWriteBack {
  /** Best first: the order HotSpot prefers them in when the CPU has several. */
  public static final List<String> PREFERENCE = List.of("clwb", "clflushopt", "clflush");

  private static final long PROBE_SECONDS = 30;

  private JvmWriteBack() {}

  /** The instruction named by a JVM's "CPU:" feature line, best first; null if none or no line. */
  public static String emitted(String jvmCpuLine) {
    if (jvmCpuLine == null) return null;
    Set<String> features = Set.copyOf(Arrays.asList(jvmCpuLine.split("[,\\s]+")));
    return PREFERENCE.stream().filter(features::contains).findFirst().orElse(null);
  }

  /**
   * The "CPU:" line of {@code java -Xlog:os+cpu -version} of the JDK at {@code javaHome} (a child
   * JVM, well under a second); null if it cannot be started, prints none, or outlives 30 s.
   */
  public static String jvmCpuLine(Path javaHome) {
    Path java = javaHome.resolve("bin").resolve("java");
    Path out = null;
    Process p = null;
    try {
      // to a file, not a pipe: a child that never exits cannot hold the read past the timeout
      out = Files.createTempFile("jnvm-os-cpu-", ".txt");
      p =
          new ProcessBuilder(java.toString(), "-Xlog:os+cpu", "-version")
              .redirectErrorStream(true)
              .redirectOutput(out.toFile())
              .start();
      if (!p.waitFor(PROBE_SECONDS, TimeUnit.SECONDS)) return null;
      return Files.readAllLines(out, StandardCharsets.UTF_8).stream()
          .filter(l -> l.contains("CPU:"))
          .findFirst()
          .orElse(null);
    } catch (IOException e) {
      return null;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return null;
    } finally {
      if (p != null) p.destroyForcibly();
      deleteQuietly(out);
    }
  }

  private static void deleteQuietly(Path file) {
    if (file == null) return;
    try {
      Files.deleteIfExists(file);
    } catch (IOException e) {
      // a temporary file left behind is harmless; the probe's answer stands
    }
  }

  /**
   * The words of /proc/cpuinfo's first "flags" line: what the CPU has, whatever a JVM detects;
   * empty if the file cannot be read or has no such line.
   */
  public static Set<String> cpuFlags() {
    try {
      return Files.readAllLines(Path.of("/proc/cpuinfo")).stream()
          .filter(l -> l.startsWith("flags"))
          .findFirst()
          .map(l -> Set.copyOf(Arrays.asList(l.substring(l.indexOf(':') + 1).trim().split("\\s+"))))
          .orElse(Set.of());
    } catch (IOException e) {
      return Set.of();
    }
  }

  /**
   * The instruction the running JVM emits (a child JVM of the same JDK is asked); null if unknown.
   */
  public static String ofThisJvm() {
    return emitted(jvmCpuLine(Path.of(System.getProperty("java.home"))));
  }
}

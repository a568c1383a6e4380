package org.jnvm.bench.gateway;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * Which write-back instruction to use on each side. The C baseline must use the one the JVM emits
 * for the comparison to be fair, and that is not simply what the CPU has: JDK 17 detects CLWB on
 * Intel only, so on AMD it emits clflushopt; JDK 25 emits clwb. The JVM says what it detected in
 * {@code -Xlog:os+cpu}'s "CPU:" line, which is read here.
 */
public final class FlushChoice {
  /** Best first: what HotSpot prefers when it has them all. */
  static final List<Flush> PREFERENCE = List.of(Flush.CLWB, Flush.CLFLUSHOPT, Flush.CLFLUSH);

  private FlushChoice() {}

  /** The instruction a JVM emits, from its {@code -Xlog:os+cpu} "CPU:" line; null if none. */
  public static Flush emittedBy(String jvmCpuLine) {
    if (jvmCpuLine == null) return null;
    Set<String> features = Set.copyOf(Arrays.asList(jvmCpuLine.split("[,\\s]+")));
    for (Flush f : PREFERENCE) {
      if (features.contains(f.flag())) return f;
    }
    return null;
  }

  /** {@code wanted} if the CPU has it (per its flags), else the best it has; null if none. */
  public static Flush runnable(Flush wanted, Set<String> cpuFlags) {
    if (cpuFlags.contains(wanted.flag())) return wanted;
    for (Flush f : PREFERENCE) {
      if (cpuFlags.contains(f.flag())) return f;
    }
    return null;
  }

  /** The "CPU:" line of {@code java -Xlog:os+cpu -version} of the JDK at {@code javaHome}. */
  public static String jvmCpuLine(Path javaHome) {
    Path java = javaHome.resolve("bin").resolve("java");
    try {
      Process p =
          new ProcessBuilder(java.toString(), "-Xlog:os+cpu", "-version")
              .redirectErrorStream(true)
              .start();
      String out;
      try (InputStream in = p.getInputStream()) {
        out = new String(in.readAllBytes(), StandardCharsets.UTF_8);
      }
      if (!p.waitFor(30, TimeUnit.SECONDS)) p.destroyForcibly();
      return out.lines().filter(l -> l.contains("CPU:")).findFirst().orElse(null);
    } catch (IOException e) {
      return null;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return null;
    }
  }
}

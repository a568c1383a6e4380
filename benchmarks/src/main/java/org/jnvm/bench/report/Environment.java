package org.jnvm.bench.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.jnvm.bench.gateway.Flush;
import org.jnvm.bench.gateway.FlushChoice;
import org.jnvm.bench.gateway.NativeFlush;
import org.jnvm.bench.support.CpuInfo;
import org.jnvm.core.pmem.Pmem;

/**
 * Describes the machine and JVM a benchmark run used, as {@code key=value} lines (env.properties):
 * cores, CPU model, JDK, the gateway backend line, the write-back instruction the JVM emits and the
 * ones the CPU has, and whether the JNI baseline loaded. Run with the benchmarks' JVM and flags, so
 * that it describes what the benchmarks ran on.
 */
public final class Environment {
  private Environment() {}

  public static void main(String[] args) {
    describe().forEach((k, v) -> System.out.println(k + "=" + v));
  }

  static Map<String, String> describe() {
    CpuInfo cpu = CpuInfo.read();
    Map<String, String> m = new LinkedHashMap<>();
    m.put("machine.nproc", Integer.toString(Runtime.getRuntime().availableProcessors()));
    m.put("machine.cpu", cpu.model());
    m.put("machine.load", loadAverage());
    m.put("jdk", Runtime.version() + " " + System.getProperty("java.vm.name", "?"));
    m.put("gateway", Pmem.backendDescription());
    Flush jvm =
        FlushChoice.emittedBy(FlushChoice.jvmCpuLine(Path.of(System.getProperty("java.home"))));
    m.put("jvm.flush", jvm == null ? "unknown" : jvm.flag());
    m.put(
        "cpu.flush",
        List.of(Flush.values()).stream()
            .map(Flush::flag)
            .filter(cpu::has)
            .collect(Collectors.joining(",")));
    m.put("jni", NativeFlush.available() ? "available" : "unavailable: " + NativeFlush.problem());
    return m;
  }

  /**
   * The 1, 5 and 15-minute load averages when the run started: on a small shared machine, other
   * work running at the same time is the first suspect for a noisy figure.
   */
  private static String loadAverage() {
    try {
      String[] f = Files.readString(Path.of("/proc/loadavg")).trim().split("\\s+");
      return f[0] + " " + f[1] + " " + f[2];
    } catch (IOException | RuntimeException e) {
      return "unknown";
    }
  }

  /** Reads {@code key=value} lines; later keys win, so bench.sh can append to the file. */
  static Map<String, String> read(Path file) throws IOException {
    Map<String, String> m = new LinkedHashMap<>();
    if (!Files.exists(file)) return m;
    for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
      int eq = line.indexOf('=');
      if (eq > 0 && !line.startsWith("#")) m.put(line.substring(0, eq), line.substring(eq + 1));
    }
    return m;
  }
}

package org.jnvm.ycsb.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Set;
import org.jnvm.core.pmem.JvmWriteBack;
import org.jnvm.core.pmem.Pmem;

/** What a report states about its run: the configuration, the machine, the JDK and the gateway. */
record RunInfo(
    String date,
    Options options,
    Path heapDir,
    List<String> targets,
    String cpu,
    int cores,
    String memory,
    String os,
    String jdk,
    String gateway,
    String writeBack,
    String load) {

  static RunInfo capture(Options o, Path heapDir, List<Unit> units) {
    return new RunInfo(
        ZonedDateTime.now().format(DateTimeFormatter.ISO_OFFSET_DATE_TIME),
        o,
        heapDir,
        units.stream().map(Unit::target).distinct().toList(),
        procLine("/proc/cpuinfo", "model name"),
        Runtime.getRuntime().availableProcessors(),
        procLine("/proc/meminfo", "MemTotal"),
        System.getProperty("os.name") + " " + System.getProperty("os.version"),
        System.getProperty("java.vm.vendor")
            + " "
            + System.getProperty("java.vm.name")
            + " "
            + System.getProperty("java.runtime.version"),
        Pmem.backendDescription(),
        thisWriteBack(),
        firstLine("/proc/loadavg"));
  }

  /** {@link #writeBack} for this JVM's gateway backend and JDK (asks a child JVM of the JDK). */
  static String thisWriteBack() {
    return writeBack(Pmem.backend().name(), JvmWriteBack.ofThisJvm(), JvmWriteBack.cpuFlags());
  }

  /**
   * The write-back instruction behind the gateway's {@code pwb}, and what it means for the figures:
   * clflushopt evicts the line, so data read soon after its write-back (a record just inserted) and
   * a log line rewritten block after block (J-PFA) cost a cache miss where clwb keeps the line.
   * {@code emitted} is what this JDK's HotSpot emits (null if it did not say).
   */
  static String writeBack(String backend, String emitted, Set<String> cpuFlags) {
    if (!backend.equals("intrinsics") && !backend.equals("patched")) {
      return "none: the `"
          + backend
          + "` backend does not write back with a cache-line instruction";
    }
    if (emitted == null) return "unknown (the JDK's `-Xlog:os+cpu` line names none)";
    if (emitted.equals("clwb")) return "clwb (keeps the line in cache)";
    return emitted
        + " (evicts the line: data read or written again soon after its write-back costs a cache"
        + " miss"
        + (cpuFlags.contains("clwb")
            ? "; the CPU has clwb, which this JDK does not detect (JDK 17 detects it on Intel only), see"
                + " `hotspot-patch/README.md`)"
            : ")");
  }

  String summary() {
    return String.format(
        "%d records, %s per workload, threads %s, workloads %s, backends %s, files in %s",
        options.records,
        options.seconds > 0
            ? options.seconds + " s or " + options.ops + " operations"
            : options.ops + " operations (E: a tenth)",
        options.threads,
        String.join(",", options.workloads).toUpperCase(),
        String.join(",", targets),
        heapDir);
  }

  static String procLine(String file, String key) {
    try {
      for (String l : Files.readAllLines(Path.of(file))) {
        if (l.startsWith(key)) return l.substring(l.indexOf(':') + 1).trim();
      }
    } catch (IOException e) {
      return "unknown (" + file + ": " + e.getMessage() + ")";
    }
    return "unknown";
  }

  static String firstLine(String file) {
    try {
      return Files.readAllLines(Path.of(file)).get(0);
    } catch (IOException | IndexOutOfBoundsException e) {
      return "unknown";
    }
  }
}

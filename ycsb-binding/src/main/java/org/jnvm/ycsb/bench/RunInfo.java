package org.jnvm.ycsb.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.List;
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
        firstLine("/proc/loadavg"));
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

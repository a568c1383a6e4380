package org.jnvm.bench.support;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Set;

/**
 * What /proc/cpuinfo says about the first CPU: its model name and its flags (which of clwb,
 * clflushopt and clflush it has, among others). Empty when the file cannot be read (not Linux).
 */
public record CpuInfo(String model, Set<String> flags) {
  static final Path PROC = Path.of("/proc/cpuinfo");

  /** Reads /proc/cpuinfo. */
  public static CpuInfo read() {
    try {
      return parse(Files.readAllLines(PROC));
    } catch (IOException e) {
      return new CpuInfo("unknown (" + PROC + ": " + e.getMessage() + ")", Set.of());
    }
  }

  /** Parses the lines of a /proc/cpuinfo; only the first "model name" and "flags" count. */
  public static CpuInfo parse(List<String> lines) {
    String model = null;
    Set<String> flags = null;
    for (String line : lines) {
      int colon = line.indexOf(':');
      if (colon < 0) continue;
      String key = line.substring(0, colon).trim();
      String value = line.substring(colon + 1).trim();
      if (model == null && key.equals("model name")) model = value;
      if (flags == null && key.equals("flags"))
        flags = Set.copyOf(Arrays.asList(value.split("\\s+")));
    }
    return new CpuInfo(model == null ? "unknown" : model, flags == null ? Set.of() : flags);
  }

  public boolean has(String flag) {
    return flags.contains(flag);
  }
}

package org.jnvm.bench.gateway;

import java.util.Arrays;
import java.util.Locale;

/** The x86 cache-line write-back instructions; codes match the C side (jnvm_bench.c). */
public enum Flush {
  CLWB(1),
  CLFLUSHOPT(2),
  CLFLUSH(3);

  /** Passed to the C functions. */
  final int code;

  Flush(int code) {
    this.code = code;
  }

  /** The instruction's name, as in /proc/cpuinfo flags and in the JMH parameter. */
  public String flag() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** The instruction named {@code name} (clwb, clflushopt or clflush, any case). */
  public static Flush named(String name) {
    for (Flush f : values()) {
      if (f.flag().equalsIgnoreCase(name.trim())) return f;
    }
    throw new IllegalArgumentException(
        "unknown flush instruction: " + name + " known=" + Arrays.toString(values()));
  }
}

package org.jnvm.bench.gateway;

import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.jnvm.core.pmem.JvmWriteBack;

/**
 * Which write-back instruction to use on each side. The C baseline must use the one the JVM emits
 * for the comparison to be fair, and that is not simply what the CPU has: JDK 17 detects CLWB on
 * Intel only, so on AMD it emits clflushopt; JDK 25 emits clwb. The JVM says what it detected in
 * {@code -Xlog:os+cpu}'s "CPU:" line ({@link JvmWriteBack}).
 */
public final class FlushChoice {
  /** Best first: what HotSpot prefers when it has them all. */
  static final List<Flush> PREFERENCE = List.of(Flush.CLWB, Flush.CLFLUSHOPT, Flush.CLFLUSH);

  private FlushChoice() {}

  /** The instruction a JVM emits, from its {@code -Xlog:os+cpu} "CPU:" line; null if none. */
  public static Flush emittedBy(String jvmCpuLine) {
    String f = JvmWriteBack.emitted(jvmCpuLine);
    return f == null ? null : Flush.named(f);
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
    return JvmWriteBack.jvmCpuLine(javaHome);
  }
}

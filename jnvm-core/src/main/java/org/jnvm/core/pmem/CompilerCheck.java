package org.jnvm.core.pmem;

import com.sun.management.HotSpotDiagnosticMXBean;
import java.lang.management.ManagementFactory;

/**
 * Detects JVM settings under which the writeback intrinsics would be called from code that C2 never
 * compiles. On JDKs after 17 that crashes the JVM (seen on JDK 25), so the gateway must not pick
 * them there.
 */
final class CompilerCheck {
  private CompilerCheck() {}

  /** Null if the intrinsics are safe here, else why not. */
  static String problem() {
    if (Runtime.version().feature() <= 17) {
      return null;
    }
    if (System.getProperty("java.vm.info", "").contains("interpreted mode")) {
      return "JDK "
          + Runtime.version().feature()
          + " in interpreted mode (-Xint) would crash"
          + " in the writeback intrinsics";
    }
    try {
      HotSpotDiagnosticMXBean hs =
          ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class);
      boolean tiered = Boolean.parseBoolean(hs.getVMOption("TieredCompilation").getValue());
      int stop = Integer.parseInt(hs.getVMOption("TieredStopAtLevel").getValue());
      if (!Boolean.parseBoolean(hs.getVMOption("UseCompiler").getValue())) {
        return "JIT disabled (-XX:-UseCompiler): the writeback intrinsics would crash";
      }
      if (tiered && stop < 4) {
        return "-XX:TieredStopAtLevel="
            + stop
            + " keeps C2 off: the writeback intrinsics"
            + " would crash on JDK "
            + Runtime.version().feature();
      }
      return null;
    } catch (RuntimeException | LinkageError e) {
      return null; // not HotSpot: no known crash to guard against
    }
  }
}

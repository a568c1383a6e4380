package org.jnvm.core.pmem;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Path;
import java.util.Set;
import org.junit.jupiter.api.Test;

class JvmWriteBackTest {
  /** JDK 17 on AMD: CLWB is not detected, so the JVM emits clflushopt. */
  static final String JDK17_AMD =
      "[0.003s][info][os,cpu] CPU: total 2 (initial active 2) family 26 model 2, cx8, avx512vl,"
          + " clflush, clflushopt, avx512_vbmi2, hv";

  static final String JDK25_AMD =
      "[0.008s][info][os,cpu] CPU: total 2 family 26 model 2, cx8, clflush, clflushopt, clwb, hv";

  @Test
  void theBestDetectedInstructionIsTheOneEmitted() {
    assertEquals("clflushopt", JvmWriteBack.emitted(JDK17_AMD));
    assertEquals("clwb", JvmWriteBack.emitted(JDK25_AMD));
    assertEquals("clflush", JvmWriteBack.emitted("CPU: total 1, cx8, clflush, sse2"));
    assertNull(JvmWriteBack.emitted("CPU: total 1, neon"));
    assertNull(JvmWriteBack.emitted(null));
  }

  /**
   * The probe asks a real child JVM: on x86_64 it must name an instruction the CPU has, and a JDK
   * from 25 on must pick clwb wherever the CPU has it (JDK-8353572 detects it on every vendor).
   */
  @Test
  void theRunningJdkNamesAnInstructionTheCpuHas() {
    assumeTrue(
        "amd64".equals(System.getProperty("os.arch")), "x86_64 only: other CPUs have no clwb");
    Set<String> flags = JvmWriteBack.cpuFlags();
    String line = JvmWriteBack.jvmCpuLine(Path.of(System.getProperty("java.home")));
    assertNotNull(line, "no CPU: line from -Xlog:os+cpu");
    String emitted = JvmWriteBack.emitted(line);
    assertNotNull(emitted, "no write-back instruction in: " + line);
    assertTrue(flags.contains(emitted), emitted + " not among the CPU's flags");
    if (Runtime.version().feature() >= 25 && flags.contains("clwb")) {
      assertEquals("clwb", emitted, line);
    }
    assertEquals(emitted, JvmWriteBack.ofThisJvm());
  }

  @Test
  void aJdkThatCannotStartGivesNoLine() {
    assertNull(JvmWriteBack.jvmCpuLine(Path.of("no-such-jdk")));
  }
}

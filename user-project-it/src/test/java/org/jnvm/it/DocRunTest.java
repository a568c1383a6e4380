package org.jnvm.it;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class DocRunTest {
  private static final List<String> LOG =
      List.of(
          "[INFO] Scanning for projects...",
          "[jnvm] gateway backend: intrinsics (JDK writeback intrinsics)",
          "alice=90 bob=10",
          "\u001B[0malice=80 bob=20",
          "WARNING: sun.misc.Unsafe::objectFieldOffset has been called by com.google.inject.X",
          "[INFO] BUILD SUCCESS");

  @Test
  void theGuideOutputInOrderPasses() {
    DocRun.check(List.of("alice=90 bob=10", "alice=80 bob=20", "[INFO] BUILD..."), LOG);
  }

  @Test
  void aMissingOrReorderedLineFails() {
    fails(List.of("alice=70 bob=30"), LOG, "never printed");
    fails(List.of("alice=80 bob=20", "alice=90 bob=10"), LOG, "never printed");
  }

  @Test
  void aJnvmWarningTheGuideDoesNotShowFails() {
    List<String> log = List.of("[jnvm] WARNING: using the msync fallback, much slower", "x");
    fails(List.of("x"), log, "J-NVM warned 1 time(s), the guide shows 0");
    DocRun.check(List.of("[jnvm] WARNING: using the msync fallback...", "x"), log);
  }

  @Test
  void aJdkWarningAboutJnvmFails() {
    List<String> log =
        List.of("WARNING: sun.misc.Unsafe::objectFieldOffset has been called by org.jnvm.core.X");
    fails(List.of(), log, "a JDK warning about J-NVM");
  }

  private static void fails(List<String> expected, List<String> log, String message) {
    AssertionError e = assertThrows(AssertionError.class, () -> DocRun.check(expected, log));
    assertTrue(e.getMessage().contains(message), e.getMessage());
  }
}

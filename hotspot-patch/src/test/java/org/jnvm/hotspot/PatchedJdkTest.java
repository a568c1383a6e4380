package org.jnvm.hotspot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.jnvm.core.heap.TestHeaps;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Checks a JDK built with this module's patch: the gateway picks the patched backend without any
 * JVM flag, the primitives work and keep memory order in the interpreter, C1 and C2, both compilers
 * intrinsify them, the interpreter has its own entry, and the CPU feature line reports clwb when
 * the CPU has it (the AMD backport).
 *
 * <p>The JDK is {@code $JNVM_PATCHED_JDK} (or {@code -Djnvm.patched.jdk}), else {@code build/jdk}
 * in this module, where {@code build.sh} leaves it. Without one the tests are skipped, and the
 * reason is printed.
 */
class PatchedJdkTest {
  private static final String[] PRIMITIVES = {"pwb", "pfence", "psync"};
  private static Path java;

  @BeforeAll
  static void locatePatchedJdk() throws IOException {
    String named = System.getProperty("jnvm.patched.jdk");
    if (named == null || named.isBlank()) named = System.getenv("JNVM_PATCHED_JDK");
    boolean explicit = named != null && !named.isBlank();
    Path home = explicit ? Path.of(named) : Path.of("build", "jdk");
    Path bin = home.resolve("bin").resolve("java");
    if (!Files.isExecutable(bin)) {
      String why = "no patched JDK at " + home.toAbsolutePath();
      if (explicit) throw new IllegalStateException(why + " (named by JNVM_PATCHED_JDK)");
      System.out.println(
          "[hotspot-patch] PatchedJdkTest skipped: "
              + why
              + "; build one with hotspot-patch/build.sh jdk or set JNVM_PATCHED_JDK");
      Assumptions.abort(why);
    }
    java = bin;
  }

  @Test
  void gatewayPicksThePatchedBackendWithoutAnyFlag() throws Exception {
    String out = probe(List.of(), 20_000);
    assertTrue(out.contains("BACKEND patched"), out);
    assertTrue(out.lines().noneMatch(l -> l.contains("WARNING")), out);
  }

  @Test
  void interpreterHasAFramelessEntryPerPrimitive() throws Exception {
    String out =
        run(List.of("-XX:+UnlockDiagnosticVMOptions", "-XX:+PrintInterpreter", "-version"));
    for (String p : PRIMITIVES) {
      String codelet = "method entry point (kind = jdk_internal_misc_Unsafe_" + p + ")";
      assertTrue(out.contains(codelet), "missing interpreter codelet: " + codelet);
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"-Xint", "-XX:TieredStopAtLevel=1", "-XX:-TieredCompilation"})
  void primitivesKeepOrderInEveryExecutionMode(String mode) throws Exception {
    boolean compiled = !mode.equals("-Xint");
    List<String> flags = new ArrayList<>(List.of("-Djnvm.backend=patched", mode));
    if (compiled) flags.addAll(List.of("-XX:+UnlockDiagnosticVMOptions", "-XX:+PrintInlining"));
    String out = probe(flags, compiled ? 300_000 : 20_000);
    assertTrue(out.contains("BACKEND patched"), out);
    if (compiled) {
      for (String p : PRIMITIVES) {
        String m = "jdk.internal.misc.Unsafe::" + p + " ";
        boolean intrinsified =
            out.lines()
                .anyMatch(l -> l.contains(m) && l.contains("intrinsic") && !l.contains("fail"));
        assertTrue(intrinsified, mode + ": " + m + "was not intrinsified:\n" + inlining(out, m));
      }
    }
  }

  @Test
  void cpuLineReportsClwbExactlyWhenTheCpuHasIt() throws Exception {
    Path cpuinfo = Path.of("/proc/cpuinfo");
    Assumptions.assumeTrue(Files.isReadable(cpuinfo), "no /proc/cpuinfo on this system");
    String flags =
        Files.readAllLines(cpuinfo).stream()
            .filter(l -> l.startsWith("flags"))
            .findFirst()
            .orElse("");
    boolean cpuHasClwb = List.of(flags.split("\\s+")).contains("clwb");
    String line =
        run(List.of("-Xlog:os+cpu", "-version"))
            .lines()
            .filter(l -> l.contains("CPU:"))
            .findFirst()
            .orElseThrow();
    assertEquals(cpuHasClwb, line.contains("clwb"), "cpu flags: " + flags + "\nJVM: " + line);
  }

  /** Runs {@link PatchedProbe} on the patched JDK; asserts it exits 0 and printed OK. */
  private static String probe(List<String> flags, int iterations) throws Exception {
    try (TestHeaps t = new TestHeaps()) {
      List<String> cmd = new ArrayList<>(flags);
      cmd.addAll(
          List.of(
              "-cp",
              System.getProperty("java.class.path"),
              PatchedProbe.class.getName(),
              t.path("probe").toString(),
              Integer.toString(iterations)));
      String out = run(cmd);
      assertTrue(out.contains("OK " + iterations), out);
      return out;
    }
  }

  private static String run(List<String> args) throws IOException, InterruptedException {
    List<String> cmd = new ArrayList<>(List.of(java.toString()));
    cmd.addAll(args);
    Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(p.waitFor(120, TimeUnit.SECONDS), "child did not finish: " + cmd);
    assertEquals(0, p.exitValue(), String.join(" ", cmd) + "\n" + out);
    return out;
  }

  private static String inlining(String out, String method) {
    StringBuilder b = new StringBuilder();
    out.lines().filter(l -> l.contains(method)).forEach(l -> b.append(l).append('\n'));
    return b.length() == 0 ? "(no inlining line names it)" : b.toString();
  }
}

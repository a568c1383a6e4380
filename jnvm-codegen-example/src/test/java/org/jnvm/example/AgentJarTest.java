package org.jnvm.example;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.jnvm.core.heap.ChildJvm;
import org.jnvm.core.heap.TestHeaps;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The java agent as a user runs it: the example's sources compiled by plain javac (nothing
 * transformed at build time), run twice with {@code -javaagent:jnvm-codegen-VERSION-agent.jar} and
 * a class path holding J-NVM's modules but no ASM. The agent jar carries its own ASM; the plain jar
 * refuses to start without it instead of transforming nothing in silence.
 *
 * <p>The jars exist once jnvm-codegen is packaged ({@code mvn verify}, as CI runs it); under {@code
 * mvn test} this test is skipped, saying so.
 */
class AgentJarTest {
  private static final String AGENT_JAR = "jnvm.codegen.agentJar";
  private static final String PLAIN_JAR = "jnvm.codegen.plainJar";

  @TempDir Path classes;

  @Test
  void theAgentJarTransformsTheExampleWithoutAsmOnTheClassPath() throws Exception {
    Path agent = jar(AGENT_JAR);
    compileExample();
    try (TestHeaps t = new TestHeaps()) {
      String heap = t.path("agent-simple").toString();
      String arg = "-javaagent:" + agent + "=org.jnvm.example.";
      assertEquals("x=43 y=0 msg=Hello, NVMM!", firstX(run(arg, heap)));
      assertEquals("x=44 y=0 msg=Hello, NVMM!", firstX(run(arg, heap)));
      Result plain = run("-Djnvm.log=false", heap);
      assertNotEquals(0, plain.exit, plain.out);
      assertTrue(
          plain.out.contains(
              "class org.jnvm.example.Simple declares no PersistentClass descriptor (id="),
          plain.out);
      assertTrue(plain.out.contains("-javaagent:jnvm-codegen-VERSION-agent.jar="), plain.out);
    }
  }

  /**
   * A class the generator refuses stops the JVM with the generator's message before the program
   * runs; the agent argument {@code onError=warn} only warns and runs the class as compiled.
   */
  @Test
  void aRefusedClassStopsTheJvmUnlessToldToWarn() throws Exception {
    Path agent = jar(AGENT_JAR);
    Path src = classes.resolve("src/org/jnvm/example/refused/Holder.java");
    Files.createDirectories(src.getParent());
    Files.writeString(
        src,
        "package org.jnvm.example.refused;\n"
            + "@org.jnvm.core.annotation.Persistent\n"
            + "public class Holder {\n"
            + "  int[] values;\n"
            + "  public static void main(String[] a) {\n"
            + "    System.out.println(\"ran: \" + new Holder().values);\n"
            + "  }\n"
            + "}\n");
    compile(List.of(src.toString()));
    String arg = "-javaagent:" + agent + "=org.jnvm.example.";
    String refused = "refused org.jnvm.example.refused.Holder: cannot transform";
    String problem = "field org.jnvm.example.refused.Holder.values: Java arrays (int[])";
    Result stop = runMain(arg, "org.jnvm.example.refused.Holder");
    assertEquals(3, stop.exit, stop.out); // Agent.REFUSED_EXIT
    assertTrue(stop.out.contains(refused), stop.out);
    assertTrue(stop.out.contains(problem), stop.out);
    assertTrue(stop.out.contains("the JVM stops"), stop.out);
    assertTrue(!stop.out.contains("ran:"), "the program must not run: " + stop.out);
    Result warn = runMain(arg + ",onError=warn", "org.jnvm.example.refused.Holder");
    assertEquals(0, warn.exit, warn.out);
    assertTrue(warn.out.contains("WARNING: " + refused), warn.out);
    assertTrue(warn.out.contains(problem), warn.out);
    assertTrue(warn.out.contains("ran: null"), warn.out);
    Result property =
        runMain(
            List.of(arg, "-Djnvm.codegen.agent.warnOnly=true"), "org.jnvm.example.refused.Holder");
    assertEquals(0, property.exit, property.out);
    assertTrue(property.out.contains("WARNING: " + refused), property.out);
  }

  @Test
  void thePlainJarWithoutAsmRefusesToStart() throws Exception {
    Path plain = jar(PLAIN_JAR);
    compileExample();
    try (TestHeaps t = new TestHeaps()) {
      Result r =
          run("-javaagent:" + plain + "=org.jnvm.example.", t.path("agent-plain").toString());
      assertNotEquals(0, r.exit, r.out);
      assertTrue(
          r.out.contains("ASM (org.objectweb.asm.ClassReader) is not on the class path"), r.out);
      assertTrue(!r.out.contains("x="), "the program must not run: " + r.out);
    }
  }

  private static Path jar(String property) {
    String p = System.getProperty(property, "");
    assumeTrue(
        !p.isEmpty() && Files.isRegularFile(Path.of(p)),
        property + " (" + p + ") is not built yet: run mvn verify, which packages jnvm-codegen");
    return Path.of(p);
  }

  /** The example's main sources, compiled by javac alone into {@link #classes}. */
  private void compileExample() throws Exception {
    Path src = Path.of("src", "main", "java", "org", "jnvm", "example");
    List<String> files;
    try (Stream<Path> s = Files.list(src)) {
      files =
          s.filter(f -> f.toString().endsWith(".java") && !f.endsWith("package-info.java"))
              .map(Path::toString)
              .collect(Collectors.toList());
    }
    compile(files);
  }

  private void compile(List<String> files) {
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    List<String> args = new ArrayList<>(List.of("-d", classes.toString(), "-cp", libraries()));
    args.addAll(files);
    assertEquals(0, javac.run(null, null, null, args.toArray(String[]::new)), "javac " + args);
  }

  /** This JVM's class path without ASM and without this module's (transformed) classes. */
  private static String libraries() {
    return Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
        .filter(e -> !e.contains("org" + File.separator + "ow2" + File.separator + "asm"))
        .filter(e -> !e.contains("jnvm-codegen-example"))
        .collect(Collectors.joining(File.pathSeparator));
  }

  private Result run(String jvmArg, String heap) throws Exception {
    return runMain(jvmArg, "org.jnvm.example.SimpleMain", heap);
  }

  private Result runMain(String jvmArg, String... mainAndArgs) throws Exception {
    return runMain(List.of(jvmArg), mainAndArgs);
  }

  private Result runMain(List<String> jvmArgs, String... mainAndArgs) throws Exception {
    List<String> cmd = new ArrayList<>();
    cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    cmd.addAll(ChildJvm.gatewayFlags());
    cmd.addAll(jvmArgs);
    cmd.add("-cp");
    cmd.add(classes + File.pathSeparator + libraries());
    cmd.addAll(List.of(mainAndArgs));
    Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(p.waitFor(60, TimeUnit.SECONDS), "child JVM did not finish: " + out);
    return new Result(p.exitValue(), out);
  }

  private static String firstX(Result r) {
    assertEquals(0, r.exit, r.out);
    return r.out.lines().filter(l -> l.startsWith("x=")).findFirst().orElse(r.out);
  }

  private record Result(int exit, String out) {}
}

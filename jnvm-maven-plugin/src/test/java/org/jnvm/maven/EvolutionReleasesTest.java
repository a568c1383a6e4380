package org.jnvm.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.lang.reflect.Field;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.jar.Attributes;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * docs/evolution.md's worked example as a team ships it: two releases of the design brief's {@code
 * Simple}, each a real source tree compiled by javac, transformed by the Maven goal (or, in the
 * second test, by the java agent at class loading), run in three JVMs against one heap file. The
 * first JVM runs release 1 ({@code PString msg; int x}: creates {@code Simple(42)}, increments
 * {@code x}); the next two run release 2 ({@code @FormerNames("x") int count; long visits}), which
 * opens the heap with no user code, and count a visit each through a failure-atomic method. A
 * fourth JVM runs release 3, which renames the class ({@code @FormerNames("demo.Simple") class
 * Note}) and reads the stored object before anything loaded {@code Note}: found through the
 * former-names index the goal wrote, or that the agent reads from the class path.
 */
class EvolutionReleasesTest {
  private static final String SIMPLE_V1 =
      """
      package demo;
      import org.jnvm.core.annotation.Persistent;
      import org.jnvm.jpdt.PString;
      @Persistent(fa = "non-private")
      public class Simple {
        PString msg;
        int x;
        public Simple(int x) { this.x = x; this.msg = new PString("Hello, NVMM!"); }
        public void inc() { x++; }
        public String show() { return "v1 x=" + x; }
      }
      """;

  private static final String SIMPLE_V2 =
      """
      package demo;
      import org.jnvm.core.annotation.FormerNames;
      import org.jnvm.core.annotation.Persistent;
      import org.jnvm.jpdt.PString;
      @Persistent(fa = "non-private")
      public class Simple {
        PString msg;
        @FormerNames("x") int count;
        long visits;
        public Simple(int x) { this.count = x; this.msg = new PString("Hello, NVMM!"); }
        public void inc() { count++; visits++; }
        public String show() { return "v2 count=" + count + " visits=" + visits + " " + msg; }
      }
      """;

  /** Release 3 renames the class; its main never initialises it before the first read. */
  private static final String NOTE_V3 =
      """
      package demo;
      import org.jnvm.core.annotation.FormerNames;
      import org.jnvm.core.annotation.Persistent;
      import org.jnvm.jpdt.PString;
      @Persistent(fa = "non-private")
      @FormerNames("demo.Simple")
      public class Note {
        PString msg;
        int count;
        long visits;
        public void inc() { count++; visits++; }
        public String show() { return "v3 count=" + count + " visits=" + visits + " " + msg; }
      }
      """;

  private static final String MAIN_V3 =
      """
      package demo;
      import org.jnvm.core.JNVM;
      public class Main {
        public static void main(String[] args) {
          JNVM.init(args[0], 4 << 20);
          try {
            Note s = JNVM.root.get("simple");
            s.inc();
            System.out.println(s.show());
          } finally {
            JNVM.close();
          }
        }
      }
      """;

  private static final String MAIN =
      """
      package demo;
      import org.jnvm.core.JNVM;
      public class Main {
        public static void main(String[] args) {
          JNVM.init(args[0], 4 << 20);
          try {
            if (!JNVM.root.exists("simple")) JNVM.root.put("simple", new Simple(42));
            Simple s = JNVM.root.get("simple");
            s.inc();
            System.out.println(s.show());
          } finally {
            JNVM.close();
          }
        }
      }
      """;

  @Test
  void releasesTransformedByTheMavenGoalOpenEachOthersHeap(@TempDir Path dir) throws Exception {
    Path r1 = compile(dir.resolve("release1"), SIMPLE_V1);
    Path r2 = compile(dir.resolve("release2"), SIMPLE_V2);
    Path r3 = compile(dir.resolve("release3"), "Note", NOTE_V3, MAIN_V3);
    transform(r1);
    transform(r2);
    transform(r3);
    Path heap = heapPath("plugin");
    try {
      assertEquals("v1 x=43", run(heap, r1, List.of()));
      assertEquals("v2 count=44 visits=1 Hello, NVMM!", run(heap, r2, List.of()));
      assertEquals("v2 count=45 visits=2 Hello, NVMM!", run(heap, r2, List.of()));
      assertEquals("v3 count=46 visits=3 Hello, NVMM!", run(heap, r3, List.of()));
    } finally {
      Files.deleteIfExists(heap);
    }
  }

  @Test
  void releasesTransformedByTheAgentOpenEachOthersHeap(@TempDir Path dir) throws Exception {
    Path r1 = compile(dir.resolve("release1"), SIMPLE_V1);
    Path r2 = compile(dir.resolve("release2"), SIMPLE_V2);
    Path r3 = compile(dir.resolve("release3"), "Note", NOTE_V3, MAIN_V3);
    List<String> agent = List.of("-javaagent:" + agentJar(dir) + "=demo.");
    Path heap = heapPath("agent");
    try {
      assertEquals("v1 x=43", run(heap, r1, agent));
      assertEquals("v2 count=44 visits=1 Hello, NVMM!", run(heap, r2, agent));
      assertEquals("v2 count=45 visits=2 Hello, NVMM!", run(heap, r2, agent));
      assertEquals("v3 count=46 visits=3 Hello, NVMM!", run(heap, r3, agent));
    } finally {
      Files.deleteIfExists(heap);
    }
  }

  /** Compiles {@code Simple} and {@code Main} with javac into {@code dir/classes}. */
  private static Path compile(Path dir, String simple) throws Exception {
    return compile(dir, "Simple", simple, MAIN);
  }

  /** Compiles class {@code name} and {@code Main} with javac into {@code dir/classes}. */
  private static Path compile(Path dir, String name, String source, String main) throws Exception {
    Path src = Files.createDirectories(dir.resolve("src/demo"));
    Files.writeString(src.resolve(name + ".java"), source);
    Files.writeString(src.resolve("Main.java"), main);
    Path classes = Files.createDirectories(dir.resolve("classes"));
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    int rc =
        javac.run(
            null,
            null,
            null,
            "-d",
            classes.toString(),
            "-cp",
            System.getProperty("java.class.path"),
            "--release",
            "17",
            src.resolve(name + ".java").toString(),
            src.resolve("Main.java").toString());
    assertEquals(0, rc, "javac of " + dir);
    return classes;
  }

  /** The plugin's goal over a classes directory, as Maven runs it in process-classes. */
  private static void transform(Path classes) throws Exception {
    TransformMojo m = new TransformMojo();
    set(m, "classesDirectory", classes.toFile());
    set(
        m,
        "classpathElements",
        List.of(System.getProperty("java.class.path").split(File.pathSeparator)));
    m.execute();
    Path simple = classes.resolve("demo/Simple.class");
    byte[] b =
        Files.readAllBytes(Files.exists(simple) ? simple : classes.resolve("demo/Note.class"));
    assertTrue(new String(b, StandardCharsets.ISO_8859_1).contains("jnvm$FIELDS"), "transformed");
  }

  /**
   * A jar that only names the agent class in its manifest: the class itself comes from the class
   * path, as in the codegen module's agent jar minus its bundled ASM.
   */
  private static Path agentJar(Path dir) throws Exception {
    Manifest mf = new Manifest();
    mf.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
    mf.getMainAttributes().putValue("Premain-Class", "org.jnvm.codegen.agent.Agent");
    Path jar = dir.resolve("agent.jar");
    try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar), mf)) {
      out.flush();
    }
    return jar;
  }

  private static Path heapPath(String tag) {
    Path shm = Path.of("/dev/shm");
    Path d =
        Files.isDirectory(shm) && Files.isWritable(shm)
            ? shm
            : Path.of(System.getProperty("java.io.tmpdir"));
    return d.resolve("jnvm-releases-" + tag + "-" + ProcessHandle.current().pid());
  }

  /** Runs {@code demo.Main heap} on {@code classes}; returns its last "v1 "/"v2 " line. */
  private static String run(Path heap, Path classes, List<String> jvmArgs) throws Exception {
    List<String> cmd = new ArrayList<>();
    cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    cmd.add("--add-opens=java.base/jdk.internal.misc=ALL-UNNAMED");
    cmd.add("--add-exports=java.base/jdk.internal.misc=ALL-UNNAMED");
    cmd.addAll(jvmArgs);
    cmd.add("-cp");
    cmd.add(classes + File.pathSeparator + System.getProperty("java.class.path"));
    cmd.add("demo.Main");
    cmd.add(heap.toString());
    Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(p.waitFor(120, TimeUnit.SECONDS), out);
    assertEquals(0, p.exitValue(), out);
    String last = "";
    for (String line : out.split("\n")) {
      if (line.matches("v[123] .*")) last = line.trim();
    }
    return last;
  }

  private static void set(Object o, String field, Object value) throws Exception {
    for (Class<?> c = o.getClass(); c != null; c = c.getSuperclass()) {
      try {
        Field f = c.getDeclaredField(field);
        f.setAccessible(true);
        f.set(o, value);
        return;
      } catch (NoSuchFieldException e) {
        // declared by a superclass
      }
    }
    throw new NoSuchFieldException(field);
  }
}

package org.jnvm.tpcb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link ClassSharing}: a class path of jars (as {@code bin/jnvm tpcb} runs) gets an archive that a
 * bank JVM then loads its classes from; a class path with directories, or a priming run that fails,
 * leaves the bank JVMs without one and says why.
 */
class ClassSharingTest {
  @TempDir Path tmp;

  @Test
  void bankJvmsLoadTheirClassesFromTheArchive() throws Exception {
    String cp = jarsOnly();
    List<String> said = new ArrayList<>();
    List<String> flags =
        ClassSharing.prepare(List.of("jpdt"), tmp.resolve("cds"), log(), said::add, cp);
    assertEquals(1, flags.size(), said + " " + Files.readString(log()));
    assertTrue(said.get(0).startsWith("class data sharing archive of"), said.toString());

    List<String> cmd = new ArrayList<>(flags);
    cmd.add("-Xlog:class+load=info");
    cmd = ChildJvm.java(cmd, cp);
    cmd.add(BankChild.class.getName()); // no subcommand: prints its usage
    String out = output(cmd);
    assertTrue(
        out.lines().anyMatch(l -> l.contains(BankChild.class.getName() + " source: shared")),
        "BankChild was not loaded from the archive:\n" + tail(out));
  }

  @Test
  void aClassPathWithADirectoryGetsNoArchive() throws IOException {
    List<String> said = new ArrayList<>();
    String cp = tmp.toString() + File.pathSeparator + jarsOnly();
    assertEquals(List.of(), ClassSharing.prepare(List.of("jpdt"), tmp, log(), said::add, cp));
    assertEquals(
        List.of("class data sharing off: the class path has a directory (" + tmp + ")"), said);
  }

  @Test
  void aFailedPrimingRunLeavesTheBankJvmsWithoutIt() throws Exception {
    List<String> said = new ArrayList<>();
    List<String> flags =
        ClassSharing.prepare(
            List.of("no-such-backend"), tmp.resolve("cds"), log(), said::add, jarsOnly());
    assertEquals(List.of(), flags);
    assertEquals(1, said.size(), said.toString());
    assertTrue(said.get(0).startsWith("class data sharing off: exit "), said.toString());
    assertTrue(said.get(0).contains("the priming bank"), said.toString());
  }

  private Path log() throws IOException {
    Files.createDirectories(tmp.resolve("logs"));
    return tmp.resolve("logs").resolve("class-sharing.log");
  }

  /** This test's class path with the module's classes directory packed into a jar (cached). */
  private String jarsOnly() throws IOException {
    List<String> out = new ArrayList<>();
    for (String e : System.getProperty("java.class.path").split(File.pathSeparator)) {
      Path p = Path.of(e);
      if (!Files.isDirectory(p)) out.add(e);
      else if (Files.exists(p.resolve("org/jnvm/tpcb/BankChild.class"))) out.add(0, jar(p));
    }
    return String.join(File.pathSeparator, out);
  }

  private String jar(Path classes) throws IOException {
    Path jar = tmp.resolve("tpcb-classes.jar");
    if (Files.exists(jar)) return jar.toString();
    try (OutputStream f = Files.newOutputStream(jar);
        JarOutputStream j = new JarOutputStream(f);
        Stream<Path> all = Files.walk(classes)) {
      for (Path p : all.filter(Files::isRegularFile).sorted().toList()) {
        j.putNextEntry(new JarEntry(classes.relativize(p).toString().replace('\\', '/')));
        j.write(Files.readAllBytes(p));
        j.closeEntry();
      }
    }
    return jar.toString();
  }

  private static String output(List<String> cmd) throws Exception {
    Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(p.waitFor(60, TimeUnit.SECONDS), "the JVM did not exit");
    return out;
  }

  private static String tail(String out) {
    List<String> l = out.lines().toList();
    return String.join("\n", l.subList(Math.max(0, l.size() - 15), l.size()));
  }
}

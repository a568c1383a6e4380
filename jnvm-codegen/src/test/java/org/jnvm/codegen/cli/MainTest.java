package org.jnvm.codegen.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code bin/jnvm codegen}: in place, twice, with an explicit list, and with problems. */
class MainTest {
  private static final Path CLASSES = classes();

  private static Path classes() {
    try {
      return Path.of(MainTest.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    } catch (java.net.URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }

  private record Run(int code, String out, String err) {}

  private static Run run(String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int code =
        Main.run(
            args,
            new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8));
    return new Run(
        code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
  }

  /** Copies the class files of {@code pkg} (not subpackages) under {@code dir}. */
  private static Path copy(String pkg, Path dir) throws Exception {
    Path to = dir.resolve(pkg);
    Files.createDirectories(to);
    try (Stream<Path> s = Files.list(CLASSES.resolve(pkg))) {
      for (Path p : s.filter(f -> f.toString().endsWith(".class")).toList()) {
        Files.copy(p, to.resolve(p.getFileName()));
      }
    }
    return to;
  }

  @Test
  void transformsInPlaceThenChangesNothing(@TempDir Path dir) throws Exception {
    Path pkg = copy("org/jnvm/codegen/corpus", dir);
    Run first = run(dir.toString(), "--cp", CLASSES.toString());
    assertEquals(0, first.code(), first.err());
    assertTrue(first.out().contains("8 made persistent"), first.out());
    byte[] simple = Files.readAllBytes(pkg.resolve("Simple.class"));
    Run second = run(dir.toString(), "--cp", CLASSES.toString());
    assertEquals(0, second.code(), second.err());
    assertTrue(second.out().contains("0 made persistent"), second.out());
    assertTrue(second.out().contains("8 already transformed"), second.out());
    assertArrayEquals(simple, Files.readAllBytes(pkg.resolve("Simple.class")));
  }

  @Test
  void explicitClassListNeedsNoAnnotation(@TempDir Path dir) throws Exception {
    Path bad = CLASSES.resolve("org/jnvm/codegen/corpus/bad");
    for (String c : new String[] {"StatefulBase", "ExtendsStateful"}) {
      Files.copy(bad.resolve(c + ".class"), dir.resolve(c + ".class"));
    }
    Run without = run(dir.toString());
    assertEquals(1, without.code(), without.out());
    assertTrue(without.err().contains("StatefulBase, which is not persistent"), without.err());
    Run with = run(dir.toString(), "--classes", "org.jnvm.codegen.corpus.bad.StatefulBase:all");
    assertEquals(0, with.code(), with.err());
    assertTrue(with.out().contains("2 made persistent"), with.out());
  }

  @Test
  void problemsExitOneAndWriteNothing(@TempDir Path dir) throws Exception {
    Path pkg = copy("org/jnvm/codegen/corpus/bad", dir);
    byte[] before = Files.readAllBytes(pkg.resolve("Parent.class"));
    Run r = run(dir.toString(), "--cp", CLASSES.toString());
    assertEquals(1, r.code());
    assertTrue(r.err().contains("field org.jnvm.codegen.corpus.bad.IntArrayField.values"), r.err());
    assertArrayEquals(before, Files.readAllBytes(pkg.resolve("Parent.class")));
  }

  @Test
  void badUsage() {
    assertEquals(64, run().code());
    assertEquals(64, run("--bogus").code());
    assertEquals(64, run("/nonexistent-dir-of-classes").code());
    assertEquals(64, run("x", "--classes", "a.B:sometimes").code());
  }
}

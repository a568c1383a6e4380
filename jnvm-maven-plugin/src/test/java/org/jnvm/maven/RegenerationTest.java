package org.jnvm.maven;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.jnvm.codegen.Regeneration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An incremental build after a generator change: classes the old generator wrote (and the compiler
 * did not rewrite) get their compiled bytes back and are transformed again; a class recompiled
 * since is left as the compiler wrote it; an unchanged generator restores nothing.
 */
class RegenerationTest {
  @Test
  void aChangedGeneratorRestoresOnlyWhatItWrote(@TempDir Path dir) throws Exception {
    Path classes = Files.createDirectories(dir.resolve("classes/p"));
    Path state = dir.resolve("state");
    Path a = classes.resolve("A.class");
    Path b = classes.resolve("B.class");
    Files.write(a, new byte[] {1});
    Files.write(b, new byte[] {2});
    Regeneration r = new Regeneration(dir.resolve("classes"), state);
    Map<Path, byte[]> before = r.snapshot();
    Files.write(a, new byte[] {1, 9}); // "transformed" by generator v1
    Files.write(b, new byte[] {2, 9});
    r.record(before, "v1");
    assertEquals(0, r.restoreIfGeneratorChanged("v1"), "same generator: nothing to redo");
    Files.write(b, new byte[] {3}); // B recompiled from a changed source
    assertEquals(1, r.restoreIfGeneratorChanged("v2"));
    assertArrayEquals(new byte[] {1}, Files.readAllBytes(a), "A back to its compiled bytes");
    assertArrayEquals(new byte[] {3}, Files.readAllBytes(b), "B as the compiler wrote it");
  }

  @Test
  void theMojoRecordsItsRunAndReusesIt(@TempDir Path dir) throws Exception {
    Path classes = Files.createDirectories(dir.resolve("classes"));
    Regeneration r = new Regeneration(classes, dir.resolve("state"));
    r.record(r.snapshot(), Regeneration.generatorStamp());
    assertEquals(0, r.restoreIfGeneratorChanged(Regeneration.generatorStamp()));
    assertFalse(Regeneration.generatorStamp().isEmpty());
  }
}

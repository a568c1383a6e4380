package org.jnvm.it;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RepoOriginTest {
  @TempDir Path repo;

  private void record(String artifact, String content) throws Exception {
    Path dir = repo.resolve("org/jnvm/" + artifact + "/0.1.0-SNAPSHOT");
    Files.createDirectories(dir);
    Files.writeString(dir.resolve("_remote.repositories"), content);
  }

  @Test
  void filesAllFromTheReleaseRepositoryPass() throws Exception {
    record("jnvm-core", "#NOTE\njnvm-core-0.1.0-SNAPSHOT.jar>jnvm-release=\n");
    record("jpdt", "jpdt-0.1.0-SNAPSHOT.pom>jnvm-release=\n");
    RepoOrigin.check(repo, "jnvm-release");
  }

  @Test
  void aFileFromTheOuterLocalRepositoryFailsNamingIt() throws Exception {
    record("jnvm-core", "jnvm-core-0.1.0-SNAPSHOT.jar>jnvm-release=\n");
    record("jpdt", "jpdt-0.1.0-SNAPSHOT.jar>local.central=\n");
    AssertionError e =
        assertThrows(AssertionError.class, () -> RepoOrigin.check(repo, "jnvm-release"));
    assertTrue(e.getMessage().contains("jpdt-0.1.0-SNAPSHOT.jar"), e.getMessage());
    assertTrue(e.getMessage().contains("local.central"), e.getMessage());
  }

  @Test
  void aLocallyInstalledFileFails() throws Exception {
    record("jnvm-core", "jnvm-core-0.1.0-SNAPSHOT.jar>\n");
    assertThrows(AssertionError.class, () -> RepoOrigin.check(repo, "jnvm-release"));
  }

  @Test
  void noJnvmArtifactAtAllFails() {
    AssertionError e =
        assertThrows(AssertionError.class, () -> RepoOrigin.check(repo, "jnvm-release"));
    assertTrue(e.getMessage().contains("no J-NVM artifact"), e.getMessage());
  }

  @Test
  void theDefaultBuildChecksNothing() throws Exception {
    RepoOrigin.check(repo, "");
    RepoOrigin.check(repo, null);
  }
}

package org.jnvm.ycsb;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The workload files come out of the jar as the repository holds them, and as YCSB reads them. */
class WorkloadFilesTest {
  @TempDir Path tmp;

  @Test
  void everyFileIsWrittenAsTheRepositoryHoldsIt() throws Exception {
    List<Path> files = WorkloadFiles.writeTo(tmp.resolve("w"));
    assertEquals(6, files.size());
    for (Path f : files) {
      Path source = Path.of("workloads").resolve(f.getFileName());
      assertArrayEquals(Files.readAllBytes(source), Files.readAllBytes(f), f.toString());
      Properties p = new Properties();
      try (Reader r = Files.newBufferedReader(f)) {
        p.load(r);
      }
      assertEquals("site.ycsb.workloads.CoreWorkload", p.getProperty("workload"), f.toString());
    }
  }

  @Test
  void aSecondRunKeepsTheSameFilesAndAUsersEditedFileIsNotOverwritten() throws Exception {
    WorkloadFiles.writeTo(tmp);
    WorkloadFiles.writeTo(tmp);
    Path a = tmp.resolve("workloada");
    Files.writeString(a, "recordcount=5\n");
    IllegalStateException e =
        assertThrows(IllegalStateException.class, () -> WorkloadFiles.writeTo(tmp));
    assertTrue(e.getMessage().contains(a.toString()), e.getMessage());
    assertEquals("recordcount=5\n", Files.readString(a));
  }

  @Test
  void anUnknownNameIsRefusedNamingTheKnownOnes() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> WorkloadFiles.bytes("workloadg"));
    assertTrue(e.getMessage().contains("workloadg"), e.getMessage());
    assertTrue(e.getMessage().contains("workloadf"), e.getMessage());
  }
}

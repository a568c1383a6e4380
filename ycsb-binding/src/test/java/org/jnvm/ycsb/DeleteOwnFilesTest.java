package org.jnvm.ycsb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;
import java.util.stream.Stream;
import org.jnvm.ycsb.infinispan.InfinispanDB;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import site.ycsb.DB;
import site.ycsb.Status;

/**
 * {@code jnvm.delete=true} deletes what the binding created, never a user's files: a directory the
 * binding created goes whole; in a directory that already held files, only the stores' own paths
 * go, and the user's files stay.
 */
class DeleteOwnFilesTest {

  @ParameterizedTest
  @ValueSource(strings = {"jpdt", "sifs"})
  void aUsersFolderKeepsItsFiles(String backend) throws Exception {
    usersFolderKeepsItsFiles(backend);
  }

  /** Backend {@code backend} (any on the class path) deletes only its own files. */
  static void usersFolderKeepsItsFiles(String backend) throws Exception {
    Path dir = Files.createTempDirectory(Dirs.emulatedNvmm(), "jnvm-ycsb-user-");
    Path mine = Files.writeString(dir.resolve("thesis.txt"), "do not lose me");
    Files.createDirectories(dir.resolve("photos"));
    try {
      run(backend, dir);
      assertTrue(Files.exists(mine), "the user's file survived");
      assertTrue(Files.isDirectory(dir.resolve("photos")));
      try (Stream<Path> s = Files.list(dir)) {
        assertEquals(
            java.util.List.of("photos", "thesis.txt"),
            s.map(x -> x.getFileName().toString()).sorted().toList(),
            "only the user's entries are left");
      }
    } finally {
      Dirs.deleteTree(dir);
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"jpdt", "sifs"})
  void aFolderTheBindingCreatedGoesWhole(String backend) throws Exception {
    Path dir = Dirs.emulatedNvmm().resolve("jnvm-ycsb-own-" + ProcessHandle.current().pid());
    try {
      run(backend, dir);
      assertFalse(Files.exists(dir));
    } finally {
      Dirs.deleteTree(dir);
    }
  }

  private static void run(String backend, Path dir) throws Exception {
    Properties p = new Properties();
    p.setProperty(Dirs.DIR_PROPERTY, dir.toString());
    p.setProperty(Dirs.DELETE_PROPERTY, "true");
    p.setProperty(InfinispanDB.BACKEND_PROPERTY, backend);
    p.setProperty(InfinispanDB.HEAP_SIZE_PROPERTY, "16M");
    DB db = new InfinispanDB();
    db.setProperties(p);
    db.init();
    assertEquals(Status.OK, db.insert("t", "k", BindingContract.record("r")));
    db.cleanup();
  }
}

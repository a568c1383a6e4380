package org.jnvm.ycsb;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Path;
import java.util.Map;
import java.util.Properties;
import org.jnvm.ycsb.infinispan.InfinispanDB;
import org.jnvm.ycsb.pmdk.LlplDB;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The binding's contracts (ycsb-binding's test jar) for the rows only the runner carries: the
 * {@code rocksdb} Infinispan backend (found through ServiceLoader) and the PMDK baseline.
 */
class RunnerBindingsTest {
  @TempDir Path tmp;

  @Nested
  class RocksDb extends BindingContract {
    String dbClass() {
      return InfinispanDB.class.getName();
    }

    Map<String, String> props() {
      return Map.of(InfinispanDB.BACKEND_PROPERTY, "rocksdb", InfinispanDB.MEMORY_PROPERTY, "2");
    }

    boolean persists() {
      return true;
    }
  }

  @Nested
  class Pmdk extends BindingContract {
    @Override
    @BeforeEach
    void open() throws Exception {
      assumePmdk();
      super.open();
    }

    String dbClass() {
      return LlplDB.class.getName();
    }

    Map<String, String> props() {
      return Map.of(LlplDB.POOL_SIZE_PROPERTY, "64M");
    }

    boolean persists() {
      return true;
    }

    @Override
    boolean scans() {
      return true;
    }
  }

  @Test
  void rocksDbKeepsAUsersFiles() throws Exception {
    DeleteOwnFilesTest.usersFolderKeepsItsFiles("rocksdb");
  }

  @Test
  void pmdkRunPhaseOnAMissingTableIsAnErrorNamingThePath() {
    Path dir = tmp.resolve("mistyped");
    Properties p = new Properties();
    p.setProperty(Dirs.DIR_PROPERTY, dir.toString());
    p.setProperty("dotransactions", "true");
    LlplDB db = new LlplDB();
    db.setProperties(p);
    RunPhaseTest.runPhaseOnAMissingTableFails(db, dir);
  }

  private static void assumePmdk() {
    String missing = NativeLibs.pmdkMissing();
    assumeTrue(missing == null, () -> "PMDK baseline skipped: " + missing);
  }
}

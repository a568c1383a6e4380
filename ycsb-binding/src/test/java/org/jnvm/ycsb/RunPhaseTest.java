package org.jnvm.ycsb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Properties;
import org.jnvm.ycsb.infinispan.InfinispanDB;
import org.jnvm.ycsb.jpdt.JpdtMapDB;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import site.ycsb.DB;
import site.ycsb.DBException;
import site.ycsb.Status;

/**
 * YCSB's run phase ({@code -t}, {@code dotransactions=true}) reads what a load phase left: on a
 * mistyped {@code jnvm.dir} it is an error naming the path and the fix, not an empty heap answering
 * NOT_FOUND; a table loaded as one kind of J-PDT map is not silently shadowed by an empty map of
 * the other kind.
 */
class RunPhaseTest {
  @TempDir Path tmp;

  @ParameterizedTest
  @ValueSource(strings = {"jpdt-map", "jpdt", "jpfa", "sifs"})
  void theRunPhaseOnAMissingTableIsAnErrorNamingThePath(String binding) {
    runPhaseOnAMissingTableFails(
        db(binding, tmp.resolve("mistyped"), true), tmp.resolve("mistyped"));
  }

  /** {@code db}, a run phase on the missing table {@code dir}, fails naming it and the fix. */
  static void runPhaseOnAMissingTableFails(DB db, Path dir) {
    DBException e = assertThrows(DBException.class, db::init);
    assertTrue(e.getMessage().contains(dir.toString()), e.getMessage());
    assertTrue(e.getMessage().contains("run -load first"), e.getMessage());
    assertFalse(Files.exists(dir), "nothing created at " + dir);
  }

  @Test
  void theRunPhaseReadsWhatTheLoadLeft() throws Exception {
    Path dir = tmp.resolve("loaded");
    DB load = db("jpdt-map", dir, false);
    load.init();
    assertEquals(Status.OK, load.insert("usertable", "user1", BindingContract.record("r")));
    load.cleanup();
    DB run = db("jpdt-map", dir, true);
    run.init();
    try {
      assertEquals(Status.OK, run.read("usertable", "user1", null, new HashMap<>()));
    } finally {
      run.cleanup();
    }
  }

  @Test
  void aTableLoadedAsAHashMapIsNotReadAsAnEmptyOrderedOne() throws Exception {
    Path dir = tmp.resolve("kinds");
    DB load = db("jpdt-map", dir, false);
    load.init();
    assertEquals(Status.OK, load.insert("usertable", "user1", BindingContract.record("r")));
    load.cleanup();
    for (boolean runPhase : new boolean[] {false, true}) {
      DB ordered = db("jpdt-map", dir, runPhase);
      ordered.getProperties().setProperty(JpdtMapDB.MAP_PROPERTY, "ordered");
      DBException e = assertThrows(DBException.class, ordered::init);
      assertTrue(e.getMessage().contains("run with jnvm.map=hash"), e.getMessage());
    }
  }

  private static DB db(String binding, Path dir, boolean runPhase) {
    Properties p = new Properties();
    p.setProperty(Dirs.DIR_PROPERTY, dir.toString());
    p.setProperty("dotransactions", Boolean.toString(runPhase));
    DB db;
    if (binding.equals("jpdt-map")) {
      p.setProperty(JpdtMapDB.HEAP_SIZE_PROPERTY, "16M");
      db = new JpdtMapDB();
    } else {
      p.setProperty(InfinispanDB.BACKEND_PROPERTY, binding);
      p.setProperty(InfinispanDB.HEAP_SIZE_PROPERTY, "16M");
      db = new InfinispanDB();
    }
    db.setProperties(p);
    return db;
  }
}

package org.jnvm.ycsb;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.BiFunction;
import java.util.function.Function;
import org.jnvm.ycsb.infinispan.InfinispanDB;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.Status;
import site.ycsb.StringByteIterator;

/**
 * The J-NVM store rows keep records as J-NVM objects that the store frees when an update replaces
 * them: updates free what they replace (far more record versions than the heap holds go through
 * it), and a read racing with updates of the same key, from memory or from the store, never copies
 * a freed (and reused) record.
 */
class JnvmStoreRecordsTest {
  private static final int KEYS = 16;
  private static final int ROUNDS = 10_000;

  private Path dir;
  private final List<DB> open = new ArrayList<>();

  private DB open(String backend, String heapSize, int inMemory) throws Exception {
    if (dir == null) dir = Files.createTempDirectory(Dirs.emulatedNvmm(), "jnvm-ycsb-store-");
    Properties p = new Properties();
    p.setProperty(Dirs.DIR_PROPERTY, dir.toString());
    p.setProperty(Dirs.DELETE_PROPERTY, "true");
    p.setProperty(InfinispanDB.BACKEND_PROPERTY, backend);
    p.setProperty(InfinispanDB.MEMORY_PROPERTY, Integer.toString(inMemory));
    p.setProperty(InfinispanDB.HEAP_SIZE_PROPERTY, heapSize);
    DB d = new InfinispanDB();
    d.setProperties(p);
    d.init();
    open.add(d);
    return d;
  }

  @AfterEach
  void close() throws Exception {
    for (DB d : open) d.cleanup();
    if (dir != null) Dirs.deleteTree(dir);
  }

  @ParameterizedTest
  @ValueSource(strings = {"jpdt", "jpfa"})
  void updatesFreeTheRecordTheyReplace(String backend) throws Exception {
    DB db = open(backend, "24M", 10);
    for (int k = 0; k < 100; k++) db.insert("t", "user" + k, BindingContract.record("r" + k));
    // 40,000 versions of 1.3 KB records: about 50 MiB through a 24 MiB heap. Two fields per
    // update, so that J-PDT rows store a new record (one field would be swapped in place).
    for (int i = 0; i < 40_000; i++) {
      String v = "v" + i;
      Map<String, ByteIterator> change =
          Map.of(
              "field" + (i % 10),
              new StringByteIterator(v),
              "field" + ((i + 1) % 10),
              new StringByteIterator(v));
      assertEquals(Status.OK, db.update("t", "user" + (i % 100), change));
    }
    Map<String, ByteIterator> out = new HashMap<>();
    assertEquals(Status.OK, db.read("t", "user99", null, out));
    assertEquals("v39999", BindingContract.text(out.get("field9")));
    assertEquals("v39999", BindingContract.text(out.get("field0")));
    assertEquals(BindingContract.value("r99", 8), BindingContract.text(out.get("field8")));
  }

  /**
   * Single-field updates (J-PDT rows: into the record's spare slot, which the next update of the
   * record rewrites) racing with reads: every field read is one whole value, its bytes and length
   * from one update. Each value is its tag repeated to a length that depends on the tag, so a field
   * torn between two values, or one value's length over another's bytes, does not check.
   */
  @ParameterizedTest
  @CsvSource({"jpdt,4", "jpfa,4", "jpdt,0", "jpfa,0"})
  void singleFieldUpdatesAreNeverReadTorn(String backend, int inMemory) throws Exception {
    DB loader = open(backend, "32M", inMemory);
    for (int k = 0; k < KEYS; k++) {
      Map<String, ByteIterator> r = new HashMap<>();
      for (int f = 0; f < 10; f++) r.put("field" + f, new StringByteIterator(selfChecking("i")));
      loader.insert("t", "user" + k, r);
    }
    race(backend, inMemory, JnvmStoreRecordsTest::fieldUpdates, JnvmStoreRecordsTest::checkedReads);
  }

  /** {@code tag;} repeated 1 to 9 times (by the tag's hash), at most 100 bytes. */
  private static String selfChecking(String tag) {
    return (tag + ";").repeat(1 + Math.floorMod(tag.hashCode(), 9));
  }

  private static int fieldUpdates(DB db, String me) {
    for (int i = 0; i < ROUNDS; i++) {
      String field = "field" + (i % 3); // three fields: slots are reused every few updates
      Map<String, ByteIterator> change =
          Map.of(field, new StringByteIterator(selfChecking(me + "." + i)));
      assertEquals(Status.OK, db.update("t", "user" + (i % KEYS), change));
    }
    return ROUNDS;
  }

  private static int checkedReads(DB db) {
    for (int i = 0; i < ROUNDS; i++) {
      Map<String, ByteIterator> out = new HashMap<>();
      String key = "user" + (i * 7 % KEYS);
      assertEquals(Status.OK, db.read("t", key, null, out));
      for (int f = 0; f < 3; f++) {
        String v = BindingContract.text(out.get("field" + f));
        String tag = v.substring(0, Math.max(0, v.indexOf(';')));
        assertEquals(selfChecking(tag), v, "field" + f + " of " + key);
      }
    }
    return ROUNDS;
  }

  /**
   * Two updaters rewrite every field of a few keys with one tag, two readers check that the fields
   * they read all carry one tag: a read of a record freed by an update (and reused by the next one)
   * would mix tags. With four of the sixteen keys in memory, reads and updates hit both
   * Infinispan's container and the store; with all of them (0: no bound), every read first tries
   * the binding's optimistic path, which must notice each update that raced with it.
   */
  @ParameterizedTest
  @CsvSource({"jpdt,4", "jpfa,4", "jpdt,0", "jpfa,0"})
  void readsNeverSeeAFreedRecord(String backend, int inMemory) throws Exception {
    DB loader = open(backend, "32M", inMemory);
    for (int k = 0; k < KEYS; k++) loader.insert("t", "user" + k, BindingContract.record("init"));
    race(backend, inMemory, JnvmStoreRecordsTest::updates, JnvmStoreRecordsTest::reads);
  }

  /**
   * Two updaters ({@code update} with a DB and a name of its own) and two readers, each with its
   * own client of the same cache, running {@link #ROUNDS} operations each.
   */
  private void race(
      String backend,
      int inMemory,
      BiFunction<DB, String, Integer> update,
      Function<DB, Integer> read)
      throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(4);
    try {
      List<Future<Integer>> done = new ArrayList<>();
      for (int w = 0; w < 2; w++) {
        DB db = open(backend, "32M", inMemory);
        String me = "w" + w;
        done.add(pool.submit(() -> update.apply(db, me)));
      }
      for (int r = 0; r < 2; r++) {
        DB db = open(backend, "32M", inMemory);
        done.add(pool.submit(() -> read.apply(db)));
      }
      for (Future<Integer> f : done) assertEquals(ROUNDS, f.get(2, TimeUnit.MINUTES));
    } finally {
      pool.shutdownNow();
    }
  }

  private static int updates(DB db, String me) {
    for (int i = 0; i < ROUNDS; i++) {
      String tag = me + "." + i;
      assertEquals(Status.OK, db.update("t", "user" + (i % KEYS), BindingContract.record(tag)));
    }
    return ROUNDS;
  }

  private static int reads(DB db) {
    for (int i = 0; i < ROUNDS; i++) {
      Map<String, ByteIterator> out = new HashMap<>();
      String key = "user" + (i * 7 % KEYS);
      assertEquals(Status.OK, db.read("t", key, null, out));
      // A ByteIterator reads once: take every field's text first.
      String[] fields = new String[10];
      for (int f = 0; f < 10; f++) fields[f] = BindingContract.text(out.get("field" + f));
      String tag = fields[0].substring(0, fields[0].indexOf("-"));
      for (int f = 0; f < 10; f++) {
        assertEquals(BindingContract.value(tag, f), fields[f], "field" + f + " of " + key);
      }
    }
    return ROUNDS;
  }
}

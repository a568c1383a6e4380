package org.jnvm.ycsb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.Vector;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.Status;
import site.ycsb.StringByteIterator;

/**
 * What every binding must do with a record: store it, read all or some fields, update one field for
 * real (the others keep their bytes), delete it, and keep it across a restart where it persists.
 * Subclasses name the binding and its properties.
 */
abstract class BindingContract {
  static final String TABLE = "usertable";
  Path dir;
  DB db;

  abstract String dbClass();

  abstract Map<String, String> props();

  /** True if the data survives closing every client and opening a new one. */
  abstract boolean persists();

  boolean scans() {
    return false;
  }

  @BeforeEach
  void open() throws Exception {
    dir = Files.createTempDirectory(Dirs.emulatedNvmm(), "jnvm-ycsb-test-");
    db = newDb(true);
  }

  @AfterEach
  void close() throws Exception {
    if (db != null) db.cleanup();
    Dirs.deleteTree(dir);
  }

  DB newDb(boolean delete) throws Exception {
    Properties p = new Properties();
    p.setProperty("recordcount", "1000");
    p.setProperty("operationcount", "1000");
    p.setProperty(Dirs.DIR_PROPERTY, dir.toString());
    p.setProperty(Dirs.DELETE_PROPERTY, Boolean.toString(delete));
    props().forEach(p::setProperty);
    DB d = (DB) Class.forName(dbClass()).getDeclaredConstructor().newInstance();
    d.setProperties(p);
    d.init();
    return d;
  }

  static Map<String, ByteIterator> record(String tag) {
    Map<String, ByteIterator> m = new HashMap<>();
    for (int i = 0; i < 10; i++) m.put("field" + i, new StringByteIterator(value(tag, i)));
    return m;
  }

  /** Field {@code i} of record {@code tag}: 100 bytes or so. */
  static String value(String tag, int i) {
    return tag + "-" + i + "-".repeat(90);
  }

  static String text(ByteIterator b) {
    return new String(b.toArray(), StandardCharsets.UTF_8);
  }

  @Test
  void insertThenReadEveryField() {
    assertEquals(Status.OK, db.insert(TABLE, "user1", record("a")));
    Map<String, ByteIterator> out = new HashMap<>();
    assertEquals(Status.OK, db.read(TABLE, "user1", null, out));
    assertEquals(10, out.size());
    for (int i = 0; i < 10; i++) assertEquals(value("a", i), text(out.get("field" + i)));
  }

  @Test
  void readSomeFields() {
    db.insert(TABLE, "user1", record("a"));
    Map<String, ByteIterator> out = new HashMap<>();
    assertEquals(Status.OK, db.read(TABLE, "user1", Set.of("field3", "field7"), out));
    assertEquals(Set.of("field3", "field7"), out.keySet());
    assertEquals(value("a", 7), text(out.get("field7")));
  }

  @Test
  void updateReplacesOneFieldAndKeepsTheOthers() {
    db.insert(TABLE, "user1", record("a"));
    assertEquals(
        Status.OK, db.update(TABLE, "user1", Map.of("field4", new StringByteIterator("new"))));
    assertEquals(
        Status.OK, db.update(TABLE, "user1", Map.of("field4", new StringByteIterator("newer"))));
    Map<String, ByteIterator> out = new HashMap<>();
    db.read(TABLE, "user1", null, out);
    assertEquals("newer", text(out.get("field4")));
    assertEquals(value("a", 5), text(out.get("field5")));
    assertEquals(10, out.size());
  }

  @Test
  void missingKeys() {
    assertEquals(Status.NOT_FOUND, db.read(TABLE, "nobody", null, new HashMap<>()));
    assertEquals(
        Status.NOT_FOUND,
        db.update(TABLE, "nobody", Map.of("field1", new StringByteIterator("x"))));
    Map<String, ByteIterator> out = new HashMap<>();
    assertEquals(Status.NOT_FOUND, db.read(TABLE, "nobody", null, out));
    assertEquals(0, out.size());
  }

  @Test
  void deleteRemoves() {
    db.insert(TABLE, "user1", record("a"));
    db.insert(TABLE, "user2", record("b"));
    assertEquals(Status.OK, db.delete(TABLE, "user1"));
    assertEquals(Status.NOT_FOUND, db.read(TABLE, "user1", null, new HashMap<>()));
    assertEquals(Status.OK, db.read(TABLE, "user2", null, new HashMap<>()));
  }

  @Test
  void reinsertReplacesTheRecord() {
    db.insert(TABLE, "user1", record("a"));
    db.insert(TABLE, "user1", record("b"));
    Map<String, ByteIterator> out = new HashMap<>();
    db.read(TABLE, "user1", Set.of("field0"), out);
    assertEquals(value("b", 0), text(out.get("field0")));
  }

  @Test
  void recordsSurviveARestartWhenPersistent() throws Exception {
    db.cleanup();
    db = null;
    DB first = newDb(false);
    first.insert(TABLE, "user1", record("a"));
    first.update(TABLE, "user1", Map.of("field2", new StringByteIterator("kept")));
    first.cleanup();
    DB again = newDb(true);
    db = again;
    Map<String, ByteIterator> out = new HashMap<>();
    Status s = again.read(TABLE, "user1", null, out);
    if (persists()) {
      assertEquals(Status.OK, s);
      assertEquals("kept", text(out.get("field2")));
      assertEquals(value("a", 3), text(out.get("field3")));
    } else {
      assertEquals(Status.NOT_FOUND, s);
    }
  }

  @Test
  void scanInKeyOrderOrNotImplemented() {
    for (String k : List.of("user3", "user1", "user5", "user2", "user4"))
      db.insert(TABLE, k, record(k));
    Vector<HashMap<String, ByteIterator>> rows = new Vector<>();
    Status s = db.scan(TABLE, "user2", 3, Set.of("field0"), rows);
    if (!scans()) {
      assertEquals(Status.NOT_IMPLEMENTED, s);
      return;
    }
    assertEquals(Status.OK, s);
    assertEquals(3, rows.size());
    for (int i = 0; i < 3; i++) {
      assertEquals(value("user" + (i + 2), 0), text(rows.get(i).get("field0")));
    }
  }

  /** Scans and inserts (workload E) on two threads: both make progress, nothing deadlocks. */
  @Test
  void concurrentScansAndInsertsProgress() throws Exception {
    if (!scans()) return;
    for (int k = 0; k < 200; k++) db.insert(TABLE, "user" + (1000 + k), record("r"));
    AtomicReference<Throwable> failed = new AtomicReference<>();
    Thread inserter =
        new Thread(
            () -> {
              for (int k = 200; k < 2200 && failed.get() == null; k++) {
                if (db.insert(TABLE, "user" + (1000 + k), record("r")) != Status.OK) {
                  failed.set(new AssertionError("insert failed: " + k));
                }
              }
            });
    inserter.start();
    assertTimeoutPreemptively(
        Duration.ofSeconds(60),
        () -> {
          for (int i = 0; i < 300; i++) {
            Vector<HashMap<String, ByteIterator>> rows = new Vector<>();
            assertEquals(Status.OK, db.scan(TABLE, "user" + (1000 + i), 50, null, rows));
            assertEquals(50, rows.size());
          }
          inserter.join();
        });
    assertNull(failed.get());
  }
}

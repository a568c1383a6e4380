package org.jnvm.ycsb;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Properties;
import org.jnvm.ycsb.jpdt.JpdtMapDB;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.Status;
import site.ycsb.StringByteIterator;

/**
 * Updates and deletes of the J-PDT binding free what they replace in the operation: far more record
 * versions than the heap can hold go through a small heap without filling it.
 */
class JpdtMapMemoryTest {
  private Path dir;
  private DB db;

  private DB open(String map) throws Exception {
    dir = Files.createTempDirectory(Dirs.emulatedNvmm(), "jnvm-ycsb-mem-");
    Properties p = new Properties();
    p.setProperty(Dirs.DIR_PROPERTY, dir.toString());
    p.setProperty(Dirs.DELETE_PROPERTY, "true");
    p.setProperty(JpdtMapDB.MAP_PROPERTY, map);
    p.setProperty(JpdtMapDB.HEAP_SIZE_PROPERTY, "16M");
    DB d = new JpdtMapDB();
    d.setProperties(p);
    d.init();
    return d;
  }

  @AfterEach
  void close() throws Exception {
    if (db != null) db.cleanup();
    Dirs.deleteTree(dir);
  }

  @Test
  void updatesFreeTheRecordTheyReplace() throws Exception {
    db = open("hash");
    for (int k = 0; k < 100; k++) db.insert("t", "user" + k, BindingContract.record("r" + k));
    // 40,000 versions of 1.3 KB records: about 50 MiB through a 16 MiB heap.
    for (int i = 0; i < 40_000; i++) {
      String v = "v" + i;
      assertEquals(
          Status.OK,
          db.update(
              "t", "user" + (i % 100), Map.of("field" + (i % 10), new StringByteIterator(v))));
    }
    Map<String, ByteIterator> out = new HashMap<>();
    db.read("t", "user99", null, out);
    assertEquals("v39999", BindingContract.text(out.get("field9")));
    assertEquals(BindingContract.value("r99", 0), BindingContract.text(out.get("field0")));
  }

  @Test
  void deletesFreeTheRecord() throws Exception {
    db = open("ordered");
    for (int i = 0; i < 40_000; i++) {
      assertEquals(Status.OK, db.insert("t", "user" + i, BindingContract.record("r")));
      assertEquals(Status.OK, db.delete("t", "user" + i));
    }
    assertEquals(Status.NOT_FOUND, db.read("t", "user5", null, new HashMap<>()));
  }
}

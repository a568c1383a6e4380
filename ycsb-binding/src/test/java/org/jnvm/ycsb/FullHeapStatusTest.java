package org.jnvm.ycsb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Properties;
import org.jnvm.ycsb.infinispan.InfinispanDB;
import org.jnvm.ycsb.jpdt.JpdtMapDB;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.Status;

/**
 * A J-NVM heap that reaches its maximum is an operation that fails, with the heap's message, not an
 * exception that ends the client thread: the binding answers {@code ERROR}, then goes on serving
 * reads, deletes and, once room was freed, inserts.
 */
class FullHeapStatusTest {
  private Path dir;
  private DB db;

  @AfterEach
  void close() throws Exception {
    if (db != null) db.cleanup();
    if (dir != null) Dirs.deleteTree(dir);
  }

  @ParameterizedTest
  @ValueSource(strings = {"jpdt-map", "jpdt", "jpfa"})
  void aFullHeapIsAnErrorStatusAndTheBindingCarriesOn(String backend) throws Exception {
    dir = Files.createTempDirectory(Dirs.emulatedNvmm(), "jnvm-ycsb-full-");
    Properties p = new Properties();
    p.setProperty(Dirs.DIR_PROPERTY, dir.toString());
    p.setProperty(Dirs.DELETE_PROPERTY, "true");
    if (backend.equals("jpdt-map")) {
      p.setProperty(JpdtMapDB.HEAP_SIZE_PROPERTY, "8M");
      db = new JpdtMapDB();
    } else {
      p.setProperty(InfinispanDB.BACKEND_PROPERTY, backend);
      p.setProperty(InfinispanDB.MEMORY_PROPERTY, "100");
      p.setProperty(InfinispanDB.HEAP_SIZE_PROPERTY, "8M");
      db = new InfinispanDB();
    }
    db.setProperties(p);
    db.init();
    int n = 0;
    Status s;
    while ((s = db.insert("t", "user" + n, BindingContract.record("r" + n))) == Status.OK) {
      n++;
      assertTrue(n < 100_000, "an 8 MiB heap cannot hold 100,000 records of 1.3 KB");
    }
    assertEquals("ERROR", s.getName(), s.toString());
    assertTrue(s.getDescription().contains("heap full"), s.getDescription());
    Map<String, ByteIterator> out = new HashMap<>();
    assertEquals(Status.OK, db.read("t", "user0", null, out));
    assertEquals(BindingContract.value("r0", 0), BindingContract.text(out.get("field0")));
    for (int k = 0; k < 50; k++) assertEquals(Status.OK, db.delete("t", "user" + k));
    assertEquals(Status.OK, db.insert("t", "again", BindingContract.record("again")));
    assertEquals(Status.OK, db.read("t", "user" + (n - 1), null, new HashMap<>()));
  }
}

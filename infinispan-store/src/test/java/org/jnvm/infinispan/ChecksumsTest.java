package org.jnvm.infinispan;

import static org.testng.Assert.assertEquals;
import static org.testng.Assert.assertTrue;
import static org.testng.Assert.expectThrows;

import jakarta.transaction.TransactionManager;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.infinispan.Cache;
import org.infinispan.configuration.cache.Configuration;
import org.infinispan.configuration.cache.ConfigurationBuilder;
import org.infinispan.manager.EmbeddedCacheManager;
import org.infinispan.transaction.LockingMode;
import org.jnvm.core.heap.Heap;
import org.jnvm.core.heap.ObjectLayout;
import org.jnvm.core.heap.PObject;
import org.jnvm.infinispan.configuration.JnvmStoreConfigurationBuilder;
import org.testng.annotations.Test;

/**
 * {@code checksums="true"} through a real cache: entries with and without lifespans read back after
 * a restart (the checksum covers metadata and timestamps too); records written with checksums off
 * stay readable after turning them on, and the other way round (each record says whether it carries
 * one); a record whose byte changed is an error naming its key, on {@code get}.
 */
@Test(groups = "unit")
public class ChecksumsTest {
  private static final int RECORDS = 200;

  /** Infinispan's default segment count of a local cache. */
  private static final int SEGMENTS = 256;

  public void recordsReadBackAcrossRestartsAndSettingChanges() {
    Path heap = TestPaths.heap("checksums-mixed");
    try {
      Map<String, String> want = new HashMap<>();
      write(heap, false, 0, want);
      write(heap, true, RECORDS / 2, want); // overwrites half the first records, adds as many
      for (boolean on : new boolean[] {true, false}) {
        EmbeddedCacheManager cm = Caches.manager(config(heap, on));
        try {
          Cache<String, String> c = cm.getCache(Caches.NAME);
          for (Map.Entry<String, String> e : want.entrySet()) {
            assertEquals(c.get(e.getKey()), e.getValue(), "checksums=" + on + " " + e.getKey());
          }
          assertEquals(c.size(), want.size());
        } finally {
          cm.stop();
        }
      }
    } finally {
      TestPaths.delete(heap);
    }
  }

  public void aChangedByteOfARecordIsAnErrorNamingItsKey() {
    Path heap = TestPaths.heap("checksums-flip");
    try {
      write(heap, true, 0, new HashMap<>());
      flip(heap, recordOf(heap, "key-7") + ObjectLayout.HEADER + PdtEntry.DATA + 1);
      EmbeddedCacheManager cm = Caches.manager(config(heap, true));
      try {
        Cache<String, String> c = cm.getCache(Caches.NAME);
        Exception e = expectThrows(Exception.class, () -> c.get("key-7"));
        String chain = Messages.chain(e);
        assertTrue(chain.contains("key-7") && chain.contains("checksum mismatch"), chain);
        assertEquals(c.get("key-8"), "value-8", "the other records still read");
      } finally {
        cm.stop();
      }
    } finally {
      TestPaths.delete(heap);
    }
  }

  /**
   * An expiry changed to 1 ms (long past): get and containsKey must not answer "absent", they fail
   * naming the key; the read of the expiry alone is verified too.
   */
  public void aChangedExpiryIsAnErrorNotAVanishedKey() {
    Path heap = TestPaths.heap("checksums-expiry");
    try {
      write(heap, true, 0, new HashMap<>());
      long expiry = recordOf(heap, "key-9") + ObjectLayout.HEADER + PdtEntry.EXPIRY;
      try (FileChannel ch = FileChannel.open(heap, StandardOpenOption.WRITE)) {
        ch.write(ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putLong(0, 1), expiry);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      EmbeddedCacheManager cm = Caches.manager(config(heap, true));
      try {
        Cache<String, String> c = cm.getCache(Caches.NAME);
        String get = Messages.chain(expectThrows(Exception.class, () -> c.get("key-9")));
        assertTrue(get.contains("key-9") && get.contains("checksum mismatch"), get);
        String has = Messages.chain(expectThrows(Exception.class, () -> c.containsKey("key-9")));
        assertTrue(has.contains("checksum mismatch"), has);
        assertEquals(c.get("key-10"), "value-10", "the other records still read");
      } finally {
        cm.stop();
      }
    } finally {
      TestPaths.delete(heap);
    }
  }

  /**
   * The seam with transactions: records a committed transaction wrote (built for its commit intent,
   * then applied) carry checksums too, and one whose byte changed is refused on read.
   */
  public void recordsOfATransactionCarryChecksums() throws Exception {
    Path heap = TestPaths.heap("checksums-tx");
    ConfigurationBuilder b = Caches.transactional(LockingMode.PESSIMISTIC);
    b.persistence()
        .passivation(false)
        .addStore(JnvmStoreConfigurationBuilder.class)
        .path(heap.toString())
        .size(64 << 20)
        .mode(StoreMode.JPDT)
        .checksums(true);
    Configuration config = b.build();
    try {
      EmbeddedCacheManager cm = Caches.manager(config);
      try {
        Cache<String, String> c = cm.getCache(Caches.NAME);
        TransactionManager tm = c.getAdvancedCache().getTransactionManager();
        tm.begin();
        for (int i = 0; i < 5; i++) c.put("t" + i, "value-" + i);
        tm.commit();
      } finally {
        cm.stop();
      }
      flip(heap, recordOf(heap, "t3") + ObjectLayout.HEADER + PdtEntry.DATA + 1);
      cm = Caches.manager(config);
      try {
        Cache<String, String> c = cm.getCache(Caches.NAME);
        Exception e = expectThrows(Exception.class, () -> c.get("t3"));
        String chain = Messages.chain(e);
        assertTrue(chain.contains("t3") && chain.contains("checksum mismatch"), chain);
        assertEquals(c.get("t4"), "value-4");
      } finally {
        cm.stop();
      }
    } finally {
      TestPaths.delete(heap);
    }
  }

  /** The heap offset of the record of {@code key}, found by walking every segment's map. */
  private static long recordOf(Path heap, String key) {
    try (Heap h = Heap.open(heap)) {
      StoreRoot root = StoreRoot.openOrCreate(h, Caches.NAME, StoreMode.JPDT, SEGMENTS);
      for (int s = 0; s < root.segments(); s++) {
        for (Map.Entry<Object, PObject> e : root.map(s).entrySet()) {
          if (e.getKey().toString().equals(key)) return e.getValue().offset();
        }
      }
    }
    throw new AssertionError("no record of " + key + " in " + heap);
  }

  private static void flip(Path f, long at) {
    try (FileChannel ch = FileChannel.open(f, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
      ByteBuffer b = ByteBuffer.allocate(1);
      ch.read(b, at);
      b.put(0, (byte) (b.get(0) ^ 0x20)).position(0);
      ch.write(b, at);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Writes records {@code from} to {@code from + RECORDS}, half of them with a lifespan. */
  private static void write(Path heap, boolean checksums, int from, Map<String, String> want) {
    EmbeddedCacheManager cm = Caches.manager(config(heap, checksums));
    try {
      Cache<String, String> c = cm.getCache(Caches.NAME);
      for (int i = from; i < from + RECORDS; i++) {
        String k = "key-" + i;
        String v = "value-" + i;
        if (i % 2 == 0) c.put(k, v, 1, TimeUnit.DAYS);
        else c.put(k, v);
        want.put(k, v);
      }
    } finally {
      cm.stop();
    }
  }

  private static Configuration config(Path heap, boolean checksums) {
    ConfigurationBuilder b = new ConfigurationBuilder();
    b.memory().maxCount(10);
    b.persistence()
        .passivation(false)
        .addStore(JnvmStoreConfigurationBuilder.class)
        .path(heap.toString())
        .size(64 << 20)
        .mode(StoreMode.JPDT)
        .checksums(checksums);
    return b.build();
  }
}

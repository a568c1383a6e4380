package org.jnvm.infinispan;

import static org.testng.Assert.assertEquals;
import static org.testng.Assert.assertFalse;
import static org.testng.Assert.assertNotNull;
import static org.testng.Assert.assertNull;
import static org.testng.Assert.assertSame;
import static org.testng.Assert.assertTrue;
import static org.testng.Assert.expectThrows;

import java.nio.file.Path;
import org.infinispan.Cache;
import org.infinispan.manager.EmbeddedCacheManager;
import org.jnvm.core.JNVM;
import org.jnvm.core.heap.Heap;
import org.jnvm.core.heap.StoreAudit;
import org.jnvm.core.heap.TestHeaps;
import org.jnvm.jpdt.PString;
import org.testng.annotations.DataProvider;
import org.testng.annotations.Test;

/**
 * J-NVM values and keys through a cache: stored by reference (never marshalled: PString has no
 * marshaller, so marshalling would fail), found again after a restart, and owned by the store,
 * which frees a replaced or removed value in the same operation (nothing left for recovery to
 * reclaim).
 */
@Test(groups = "unit")
public class JnvmValuesTest {
  @DataProvider
  public Object[][] modes() {
    return new Object[][] {{StoreMode.JPDT}, {StoreMode.JPFA}};
  }

  @Test(dataProvider = "modes")
  public void valuesAreStoredByReferenceAndFreedWhenDropped(StoreMode mode) {
    Path path = TestPaths.heap("values-" + mode);
    try {
      EmbeddedCacheManager cm = Caches.manager(Caches.config(path, mode, 10, false));
      try {
        Cache<String, Object> c = cm.getCache(Caches.NAME);
        Heap heap = JnvmStore.heap(c);
        assertSame(JnvmHeaps.get(path), heap);
        for (int round = 0; round < 5; round++) {
          for (int i = 0; i < 200; i++) c.put("k" + i, new PString(heap, "r" + round + "-" + i));
        }
        for (int i = 0; i < 200; i += 2) c.remove("k" + i);
        c.put("same", new PString(heap, "kept"));
        c.put("same", c.get("same")); // the same object again: kept, not freed
        assertEquals(StoreAudit.unreachable(heap), 0, "objects dropped but not freed");
      } finally {
        cm.stop();
      }
      cm = Caches.manager(Caches.config(path, mode, 10, false));
      try {
        Cache<String, Object> c = cm.getCache(Caches.NAME);
        for (int i = 0; i < 200; i++) {
          Object v = c.get("k" + i);
          if (i % 2 == 0) assertNull(v);
          else assertEquals(((PString) v).toString(), "r4-" + i);
        }
        assertEquals(c.get("same").toString(), "kept");
        assertTrue(c.get("same") instanceof PString);
      } finally {
        cm.stop();
      }
    } finally {
      TestPaths.delete(path);
    }
  }

  @Test(dataProvider = "modes")
  public void pstringKeysAreCopiedAndFoundByContent(StoreMode mode) {
    Path path = TestPaths.heap("keys-" + mode);
    try {
      EmbeddedCacheManager cm = Caches.manager(Caches.config(path, mode, 1, false));
      try {
        Cache<Object, String> c = cm.getCache(Caches.NAME);
        Heap heap = JnvmStore.heap(c);
        for (int i = 0; i < 50; i++) c.put(new PString(heap, "key" + i), "v" + i);
        c.put("key0", "a String key is another key");
        for (int i = 0; i < 50; i++) assertEquals(c.get(new PString(heap, "key" + i)), "v" + i);
        assertEquals(c.get("key0"), "a String key is another key");
        assertEquals(c.size(), 51);
      } finally {
        cm.stop();
      }
    } finally {
      TestPaths.delete(path);
    }
  }

  @Test
  public void theStoreSharesTheJnvmDefaultHeapAndLeavesItOpen() {
    Path path = TestPaths.heap("default-heap");
    try {
      Heap mine = JNVM.init(path.toString(), 64 << 20);
      EmbeddedCacheManager cm = Caches.manager(Caches.config(path, StoreMode.JPDT, 0, false));
      try {
        Cache<String, Object> c = cm.getCache(Caches.NAME);
        assertSame(JnvmStore.heap(c), mine, "the open heap is shared, not opened twice");
        c.put("k", new PString(mine, "shared"));
        assertEquals(c.get("k").toString(), "shared");
      } finally {
        cm.stop();
      }
      assertFalse(mine.isClosed(), "the store does not close a heap it did not open");
      assertNull(JnvmHeaps.get(path));
    } finally {
      JNVM.close();
      TestPaths.delete(path);
    }
  }

  @Test
  public void aValueOfAnotherHeapIsRefusedWithBothFilesNamed() throws Exception {
    Path path = TestPaths.heap("other-heap");
    try (TestHeaps other = new TestHeaps()) {
      Heap foreign = other.create("foreign", 1 << 20);
      EmbeddedCacheManager cm = Caches.manager(Caches.config(path, StoreMode.JPDT, 0, false));
      try {
        Cache<String, Object> c = cm.getCache(Caches.NAME);
        PString v = new PString(foreign, "elsewhere");
        Exception e = expectThrows(Exception.class, () -> c.put("k", v));
        String chain = Messages.chain(e);
        assertTrue(
            chain.contains("store's heap") && chain.contains(foreign.file().toString()), chain);
        assertNotNull(JnvmStore.heap(c));
      } finally {
        cm.stop();
      }
    } finally {
      TestPaths.delete(path);
    }
  }
}

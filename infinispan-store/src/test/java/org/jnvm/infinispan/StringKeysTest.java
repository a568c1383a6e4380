package org.jnvm.infinispan;

import static org.testng.Assert.assertEquals;
import static org.testng.Assert.assertNull;

import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;
import org.infinispan.Cache;
import org.infinispan.manager.EmbeddedCacheManager;
import org.jnvm.core.heap.Heap;
import org.jnvm.jpdt.PString;
import org.testng.annotations.DataProvider;
import org.testng.annotations.Test;

/**
 * String keys are stored as their chars ({@link StringKey}), not marshalled: Latin-1, wider chars
 * and an unpaired surrogate come back exactly after a restart (from the store and through
 * iteration, which preload uses), and a String key never matches a PString key or a marshalled key
 * with the same text. Keys of up to 24 Latin-1 bytes are compared by image in the store's volatile
 * index, longer or wider ones in place: both kinds are here, across a restart (the index rebuilt).
 */
@Test(groups = "unit")
public class StringKeysTest {
  private static final String[] KEYS = {
    "",
    "user1",
    "user12345678901234567890",
    "exactly-24-bytes-key-abc", // the longest key the volatile index compares by image
    "exactly-25-bytes-key-abcd", // compared in place
    "exactly-24-bytes-key-abé", // Latin-1: an image too
    "exactly-24-bytes-key-xAa", // the same String hash as the next (KeyImagesTest: one map)
    "exactly-24-bytes-key-xBB",
    "é-latin1-ÿ",
    "wide-€-中文",
    "lone-\uD800-surrogate"
  };

  @DataProvider
  public Object[][] modes() {
    return new Object[][] {{StoreMode.JPDT}, {StoreMode.JPFA}};
  }

  @Test(dataProvider = "modes")
  public void stringKeysComeBackExactly(StoreMode mode) {
    Path path = TestPaths.heap("strkeys-" + mode);
    try {
      EmbeddedCacheManager cm = Caches.manager(Caches.config(path, mode, 1, false));
      try {
        Cache<Object, Object> c = cm.getCache(Caches.NAME);
        Heap heap = JnvmStore.heap(c);
        for (int i = 0; i < KEYS.length; i++) c.put(KEYS[i], "v" + i);
        c.put(new PString(heap, "user1"), "pstring");
        c.put(5, "int"); // a marshalled key
        // Values are plain text: the marshaller writes strings as UTF-8, surrogates not kept.
        for (int i = 0; i < KEYS.length; i++) c.put(KEYS[i], "w" + i);
      } finally {
        cm.stop();
      }
      cm = Caches.manager(Caches.config(path, mode, 1, true));
      try {
        Cache<Object, Object> c = cm.getCache(Caches.NAME);
        for (int i = 0; i < KEYS.length; i++) assertEquals(c.get(KEYS[i]), "w" + i, "key " + i);
        assertNull(c.get("user"));
        assertNull(c.get("user1 "));
        assertNull(c.get("exactly-24-bytes-key-abd"), "differs in the last byte of an image");
        assertNull(c.get("exactly-25-bytes-key-abce"), "differs past an image's length");
        assertEquals(c.get(5), "int");
        Set<Object> keys = new HashSet<>(c.keySet());
        for (String k : KEYS) {
          assertEquals(keys.remove(k), true, "iteration lost key " + k);
        }
        assertEquals(keys.size(), 2, "left: " + keys);
        assertEquals(keys.contains(5), true);
        Object p = keys.stream().filter(k -> k instanceof PString).findFirst().orElseThrow();
        assertEquals(c.get(p), "pstring");
        assertEquals(c.remove("user1"), "w1");
        assertEquals(c.get(p), "pstring");
      } finally {
        cm.stop();
      }
    } finally {
      TestPaths.delete(path);
    }
  }
}

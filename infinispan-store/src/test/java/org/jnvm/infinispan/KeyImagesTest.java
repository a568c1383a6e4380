package org.jnvm.infinispan;

import static org.testng.Assert.assertEquals;
import static org.testng.Assert.assertNull;

import java.nio.file.Path;
import java.util.List;
import org.jnvm.core.heap.Heap;
import org.jnvm.core.heap.PObject;
import org.jnvm.jpdt.PString;
import org.jnvm.jpdt.PTypes;
import org.jnvm.jpdt.collection.PConcurrentHashMap;
import org.testng.annotations.Test;

/**
 * The store's key type gives String keys of up to 24 Latin-1 bytes an image, so that its segment
 * maps compare them in the volatile index: keys with the same String hash are told apart by their
 * images, before and after the index is rebuilt from the heap, and keys without an image (longer,
 * wider, marshalled) are still found in place.
 */
@Test(groups = "unit")
public class KeyImagesTest {
  /** Pairs with equal String hashes ("Aa" and "BB" hash alike), differing at the image's ends. */
  private static final List<String> KEYS =
      List.of(
          "Aa-exactly-24-bytes-key-",
          "BB-exactly-24-bytes-key-",
          "exactly-24-bytes-key-xAa",
          "exactly-24-bytes-key-xBB",
          "exactly-25-bytes-key-xyAa",
          "exactly-25-bytes-key-xyBB",
          "wide-€-Aa",
          "wide-€-BB",
          "");

  @Test
  public void equalHashesAreToldApartByImageBeforeAndAfterARebuild() {
    for (String k : List.of("Aa", "BB")) assertEquals(k.hashCode(), "Aa".hashCode());
    Path path = TestPaths.heap("key-images");
    try {
      try (Heap h = Heap.create(path, 16 << 20)) {
        PConcurrentHashMap<Object, PObject> map =
            new PConcurrentHashMap<>(h, StoreKeyType.registered(), PTypes.objects());
        h.roots().put("map", map);
        for (int i = 0; i < KEYS.size(); i++)
          map.put(KeyForm.of(KEYS.get(i)), new PString(h, "v" + i));
        map.put(KeyForm.of(new byte[] {1, 2, 3}), new PString(h, "marshalled"));
        check(h, map);
      }
      try (Heap h = Heap.open(path)) {
        PConcurrentHashMap<?, ?> map = h.roots().get("map");
        check(h, map.typed(StoreKeyType.registered(), PTypes.objects()));
      }
    } finally {
      TestPaths.delete(path);
    }
  }

  private static void check(Heap h, PConcurrentHashMap<Object, PObject> map) {
    assertEquals(map.size(), KEYS.size() + 1);
    for (int i = 0; i < KEYS.size(); i++) {
      assertEquals(map.get(KeyForm.of(KEYS.get(i))).toString(), "v" + i, "key " + KEYS.get(i));
    }
    assertEquals(map.get(KeyForm.of(new byte[] {1, 2, 3})).toString(), "marshalled");
    assertNull(map.get(KeyForm.of("exactly-24-bytes-key-xAb")));
    assertNull(map.get(KeyForm.of("Aa-exactly-24-bytes-key")), "a prefix of an imaged key");
  }
}

package org.jnvm.infinispan;

import static org.testng.Assert.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.jnvm.core.heap.Heap;
import org.jnvm.core.heap.HeapCheck;
import org.jnvm.core.heap.ObjectLayout;
import org.jnvm.core.heap.PObject;
import org.jnvm.core.heap.TestHeaps;
import org.jnvm.core.pmem.Pmem;
import org.testng.annotations.Test;

/**
 * {@link StoreChecker} through {@link HeapCheck} (so with every layer's checks): store damage that
 * the core verifier cannot see (every reference still lands on a valid object) is reported with the
 * cache, the segment, the key and the field.
 */
@Test(groups = "unit")
public class StoreCheckTest {
  private interface Damage {
    void apply(Heap heap, StoreRoot root, long k2Record, long k1Key);
  }

  private static HeapCheck.Result damaged(String name, Damage d) throws Exception {
    try (TestHeaps t = new TestHeaps()) {
      Path p = t.path("store-check-" + name);
      try (Heap heap = Heap.create(p, 4 << 20)) {
        StoreRoot root = StoreRoot.openOrCreate(heap, "c", StoreMode.JPDT, 1);
        SegmentMaps m = new SegmentMaps(root, new PdtWriter(heap));
        for (String k : List.of("k1", "k2", "k3")) m.write(0, KeyForm.of(k), bytes("v-" + k));
        assertTrue(HeapCheck.checkOpen(heap).ok(), HeapCheck.checkOpen(heap).toString());
        long rec = m.read(0, KeyForm.of("k2"), r -> r.record().offset());
        long key = 0;
        for (Map.Entry<Object, PObject> e : root.map(0).entrySet()) {
          if (e.getKey().toString().equals("k1")) key = ((PObject) e.getKey()).offset();
        }
        d.apply(heap, root, rec, key);
        assertTrue(heap.verify().ok(), "the core verifier alone sees nothing: " + heap.verify());
      }
      return HeapCheck.check(p);
    }
  }

  private static long payload(Heap h, long off) {
    return h.base() + off + ObjectLayout.HEADER;
  }

  @Test
  public void aRecordWithABadMetadataKindIsNamedByKeyAndField() throws Exception {
    HeapCheck.Result r =
        damaged("kind", (h, root, rec, key) -> Pmem.putInt(payload(h, rec) + PdtEntry.FLAGS, 99));
    String s = r.toString();
    assertTrue(!r.ok() && s.contains("key k2") && s.contains("flags=99"), s);
  }

  @Test
  public void aValueThatIsAKeyObjectIsFound() throws Exception {
    HeapCheck.Result r =
        damaged(
            "value", (h, root, rec, key) -> Pmem.putLong(payload(h, rec) + PdtEntry.VALUE, key));
    String s = r.toString();
    assertTrue(s.contains("key k2") && s.contains("the store's key object"), s);
  }

  /** Lookups hash the characters: a key whose stored hash differs is listed but never found. */
  @Test
  public void aStringKeyWhoseStoredHashIsNotItsCharactersHashIsFound() throws Exception {
    HeapCheck.Result r =
        damaged(
            "hash",
            (h, root, rec, key) -> Pmem.putInt(payload(h, key) + StringKey.HASH_OFFSET, 0x1234));
    String s = r.toString();
    assertTrue(!r.ok() && s.contains("key k1") && s.contains("is not the hash of its content"), s);
  }

  /** The same for a marshalled key (a {@link Blob}): its stored hash is its bytes' hash. */
  @Test
  public void aMarshalledKeyWhoseStoredHashIsNotItsBytesHashIsFound() throws Exception {
    try (TestHeaps t = new TestHeaps()) {
      Path p = t.path("store-check-blob-hash");
      try (Heap heap = Heap.create(p, 4 << 20)) {
        StoreRoot root = StoreRoot.openOrCreate(heap, "c", StoreMode.JPDT, 1);
        SegmentMaps m = new SegmentMaps(root, new PdtWriter(heap));
        m.write(0, KeyForm.of(new byte[] {1, 2, 3}), bytes("v"));
        long key = 0;
        for (Object k : root.map(0).keySet()) key = ((PObject) k).offset();
        Pmem.putInt(payload(heap, key) + Blob.HASH_OFFSET, 0x1234);
      }
      HeapCheck.Result r = HeapCheck.check(p);
      String s = r.toString();
      assertTrue(!r.ok() && s.contains("stored hash 0x1234 is not the hash of its content"), s);
    }
  }

  /** Two keys answering one record (a rolled-back or corrupted reference): named with both keys. */
  @Test
  public void aRecordSharedByTwoKeysIsFound() throws Exception {
    try (TestHeaps t = new TestHeaps()) {
      Path p = t.path("store-check-shared-record");
      try (Heap heap = Heap.create(p, 4 << 20)) {
        StoreRoot root = StoreRoot.openOrCreate(heap, "c", StoreMode.JPDT, 2);
        SegmentMaps m = new SegmentMaps(root, new PdtWriter(heap));
        m.write(0, KeyForm.of("k1"), bytes("v1"));
        m.write(1, KeyForm.of("k2"), bytes("v2"));
        long r1 = m.read(0, KeyForm.of("k1"), r -> r.record().offset());
        long r2 = m.read(1, KeyForm.of("k2"), r -> r.record().offset());
        for (long at = 0; at < heap.size(); at += 8) {
          if (at != r2 && Pmem.getLong(heap.base() + at) == r2) {
            Pmem.putLong(heap.base() + at, r1); // k2's entry now holds k1's record
            break;
          }
        }
      }
      HeapCheck.Result r = HeapCheck.check(p);
      String s = r.toString();
      assertTrue(!r.ok() && s.contains("is also the record of segment 0 key k1"), s);
    }
  }

  @Test
  public void aBadStoreRootMagicIsFound() throws Exception {
    HeapCheck.Result r =
        damaged(
            "magic",
            (h, root, rec, key) ->
                Pmem.putInt(payload(h, root.offset()) + StoreRoot.MAGIC_OFFSET, 5));
    assertTrue(
        r.toString().contains("cache c: store root 0x") && r.toString().contains("magic 0x5"),
        r.toString());
  }

  @Test
  public void aBadModeIsFound() throws Exception {
    HeapCheck.Result r =
        damaged(
            "mode",
            (h, root, rec, key) ->
                Pmem.putInt(payload(h, root.offset()) + StoreRoot.MODE_OFFSET, 9));
    assertTrue(r.toString().contains(": mode 9"), r.toString());
  }

  private static EntryData bytes(String v) {
    byte[] b = v.getBytes(StandardCharsets.UTF_8);
    return new EntryData(null, b, EntryData.NO_METADATA, -1, -1, null, null, 1, 1, -1);
  }
}

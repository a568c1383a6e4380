package org.jnvm.infinispan;

import static org.testng.Assert.assertEquals;
import static org.testng.Assert.assertTrue;
import static org.testng.Assert.fail;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.jnvm.core.heap.Heap;
import org.jnvm.core.heap.HeapCorruptException;
import org.jnvm.core.heap.ObjectLayout;
import org.jnvm.core.heap.TestHeaps;
import org.jnvm.core.pmem.Pmem;
import org.testng.annotations.DataProvider;
import org.testng.annotations.Test;

/**
 * One record damaged on media (its metadata kind out of range): a read of its key fails with an
 * error naming the file, the cache, the segment, the key and the field; an iteration of its segment
 * reports it, skips it, counts it, and returns every other entry.
 */
@Test(groups = "unit")
public class BadRecordTest {
  @DataProvider
  public Object[][] modes() {
    return new Object[][] {{StoreMode.JPDT}, {StoreMode.JPFA}};
  }

  @Test(dataProvider = "modes")
  public void aBadRecordIsNamedByReadsAndSkippedByIteration(StoreMode mode) throws Exception {
    try (TestHeaps t = new TestHeaps()) {
      Path p = t.path("bad-record-" + mode);
      try (Heap heap = Heap.create(p, 4 << 20)) {
        SegmentMaps m = maps(heap, mode);
        for (String k : List.of("k1", "k2", "k3")) m.write(0, key(k), bytes("v-" + k));
        long record = m.read(0, key("k2"), r -> r.record().offset());
        int kindField = mode == StoreMode.JPDT ? PdtEntry.FLAGS : 64;
        Pmem.putInt(heap.base() + record + ObjectLayout.HEADER + kindField, 99);
        try {
          m.read(0, key("k2"), StoredEntry::read);
          fail("a bad record was read");
        } catch (HeapCorruptException e) {
          String s = e.getMessage();
          assertTrue(s.contains("key k2") && s.contains("segment 0"), s);
          assertTrue(s.contains("file=" + p) && s.contains("99"), s);
          assertTrue(s.contains("flags") || s.contains("metadata kind"), s);
        }
        List<SegmentMaps.Snapshot> seen = m.snapshot(0);
        assertEquals(seen.size(), 2, seen.toString());
        assertEquals(m.skippedRecords(), 1);
        assertEquals(
            new String(
                m.read(0, key("k3"), StoredEntry::read).valueBytes(), StandardCharsets.UTF_8),
            "v-k3");
      }
    }
  }

  private static SegmentMaps maps(Heap heap, StoreMode mode) {
    StoreRoot root = StoreRoot.openOrCreate(heap, "bad", mode, 1);
    return new SegmentMaps(root, mode == StoreMode.JPFA ? new FaWriter(heap) : new PdtWriter(heap));
  }

  private static KeyForm key(String k) {
    return KeyForm.of(k);
  }

  private static EntryData bytes(String v) {
    byte[] b = v.getBytes(StandardCharsets.UTF_8);
    return new EntryData(null, b, EntryData.NO_METADATA, -1, -1, null, null, 1, 1, -1);
  }
}

package org.jnvm.core.heap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class AllocatorTest {

  @Test
  void emptySmallChunksAreReusedForOtherSizesAtRunTime() throws Exception {
    try (TestHeaps t = new TestHeaps()) {
      Heap h = t.create("reclaim", 1 << 20);
      List<Node> nodes = new ArrayList<>();
      assertThrows(
          HeapFullException.class,
          () -> {
            while (true) nodes.add(new Node(h, nodes.size())); // every chunk to the 64-byte class
          });
      int chunksUsedByNodes = h.chunkCount() - h.freeChunks();
      assertTrue(chunksUsedByNodes >= h.chunkCount() - 1, "the heap was filled with nodes");
      for (Node n : nodes) h.free(n);
      Blob big = new Blob(h, new byte[300_000]); // 5 contiguous chunks
      Blob small = new Blob(h, new byte[1000]); // another size class
      big.persist();
      small.persist();
      h.roots().put("big", big);
      h.roots().put("small", small);
      assertTrue(h.verify().ok(), () -> h.verify().toString());
      assertEquals(300_000, h.roots().<Blob>get("big").payloadSize());
      int free = h.freeChunks(); // also checks the allocator's count against its bitmap
      assertTrue(free >= h.chunkCount() - 12, "the nodes' chunks are free again: " + free);
    }
  }

  @Test
  void chunksPinnedByLiveObjectsAreNotReclaimed() throws Exception {
    try (TestHeaps t = new TestHeaps()) {
      Heap h = t.create("pinned", 1 << 20);
      List<Node> nodes = new ArrayList<>();
      assertThrows(
          HeapFullException.class,
          () -> {
            while (true) nodes.add(new Node(h, nodes.size()));
          });
      for (int i = 0; i < nodes.size(); i++) if (i % 1024 != 0) h.free(nodes.get(i));
      // one live node in (about) every chunk: nothing can be reclaimed for a large object
      assertThrows(HeapFullException.class, () -> new Blob(h, new byte[100_000]));
      for (int i = 0; i < nodes.size(); i += 1024) {
        assertEquals(i, nodes.get(i).value(), "live node intact after the failed allocation");
      }
    }
  }
}

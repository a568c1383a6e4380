package org.jnvm.bench.recovery;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class GraphTest {

  @Test
  void shapeCountsChainsAndLeaves() {
    Graph.Shape s = Graph.shape(10, 4);
    assertEquals(3, s.chains(), "4 + 4 + 2");
    assertEquals(1, s.leaves());
    assertEquals(12, s.objects());
    Graph.Shape big = Graph.shape(10_000_000, 4);
    assertEquals(2_500_000, big.chains());
    assertEquals(39, big.leaves(), "2.5M chain heads in leaves of 65536");
  }

  @Test
  void tenMillionCellsFitOneMappingWithRoomToSpare() {
    long bytes = Graph.heapBytes(Graph.shape(10_000_000, 4));
    assertTrue(bytes > 10_000_000L * 64, "at least the cells: " + bytes);
    assertTrue(bytes < Integer.MAX_VALUE, "under the 2 GiB mapping limit: " + bytes);
    assertEquals(0, bytes % (1 << 20), "whole MiB");
  }
}

package org.jnvm.bench.recovery;

import org.jnvm.bench.support.Cell;
import org.jnvm.bench.support.RefArray;
import org.jnvm.core.heap.Heap;
import org.jnvm.core.heap.ObjectLayout;
import org.jnvm.core.pmem.Pmem;

/**
 * The recovery benchmark's object graph, shaped like a chained hash table: a root array of leaf
 * arrays of {@value #LEAF} slots, each slot holding a chain of cells. Recovery marks through arrays
 * (wide, easy to share between threads) and chains (pointer chasing).
 *
 * <pre>
 *   root "recovery" -> top[leaves] -> leaf[LEAF] -> cell -> cell -> ... (chain cells)
 * </pre>
 */
final class Graph {
  static final String ROOT = "recovery";
  static final int LEAF = 1 << 16;

  /** Large objects take whole chunks of this size (core's chunk size). */
  private static final long CHUNK = 64 << 10;

  /** Room for the root and registry segments, class entries, names and allocator caches. */
  private static final long FIXED_BYTES = 4 << 20;

  private static final long MIB = 1 << 20;

  /** The counts of a graph of {@code cells} cells in chains of {@code chain}. */
  record Shape(long cells, int chain, long chains, int leaves) {
    /** Objects the graph holds: cells, leaf arrays and the top array. */
    long objects() {
      return cells + leaves + 1;
    }
  }

  private Graph() {}

  static Shape shape(long cells, int chain) {
    long chains = (cells + chain - 1) / chain;
    long leaves = (chains + LEAF - 1) / LEAF;
    if (leaves > Integer.MAX_VALUE / 8) {
      throw new IllegalArgumentException("too many objects for one heap: cells=" + cells);
    }
    return new Shape(cells, chain, chains, (int) leaves);
  }

  /** A heap size that holds the graph with 5% to spare, in whole MiB. */
  static long heapBytes(Shape s) {
    long leafBytes = roundUp(ObjectLayout.HEADER + 8L * LEAF, CHUNK);
    long data = s.cells() * 64 + s.leaves() * leafBytes + roundUp(8L * s.leaves() + 8, CHUNK);
    return roundUp(data + data / 20 + FIXED_BYTES, MIB);
  }

  /**
   * Builds the graph and publishes it as root {@value #ROOT}. Every cell and leaf is written back
   * and fenced before the array that links it is, so the graph is durable, not only present.
   */
  static void build(Heap heap, Shape s) {
    RefArray top = new RefArray(heap, s.leaves());
    long made = 0;
    long chainsLeft = s.chains();
    for (int l = 0; l < s.leaves(); l++) {
      int slots = (int) Math.min(LEAF, chainsLeft);
      RefArray leaf = new RefArray(heap, slots);
      for (int i = 0; i < slots; i++) {
        int len = (int) Math.min(s.chain(), s.cells() - made);
        leaf.set(i, chain(heap, len, made));
        made += len;
      }
      chainsLeft -= slots;
      leaf.pwbObject();
      Pmem.pfence();
      top.set(l, leaf);
    }
    heap.roots().put(ROOT, top);
  }

  /** A chain of {@code len} cells holding {@code first, first + 1, ...}; each written back. */
  private static Cell chain(Heap heap, int len, long first) {
    Cell c = null;
    for (int k = len - 1; k >= 0; k--) {
      c = new Cell(heap, first + k, c);
      c.pwbObject();
    }
    return c;
  }

  private static long roundUp(long v, long unit) {
    return (v + unit - 1) / unit * unit;
  }
}

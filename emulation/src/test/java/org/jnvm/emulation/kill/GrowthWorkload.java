package org.jnvm.emulation.kill;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.concurrent.locks.LockSupport;
import org.jnvm.core.heap.Blob;
import org.jnvm.core.heap.Heap;
import org.jnvm.core.heap.HeapOptions;
import org.jnvm.core.heap.Node;

/**
 * The growth kill test's child: pushes nodes with an 8000-byte label on a list, in a heap that
 * grows by {@link #STEP} at a time, so that kills fall before, during and after growth steps. Node
 * {@code n} is acknowledged once its root update returned. Stops growing at {@link #CAP} nodes, a
 * bound the test's 12 rounds never reach (at most one record per millisecond).
 */
public final class GrowthWorkload {
  static final String ROOT = "grow-list";
  static final HeapOptions OPTIONS = HeapOptions.DEFAULT.withGrowthStep(256 << 10);
  static final long STEP = 256 << 10;
  static final int LABEL = 8000;
  static final long CAP = 12_000;

  /** Nodes (a label of {@link #LABEL} bytes and a node, each in its own block) that fill a step. */
  static final int NODES_PER_STEP = (int) (STEP / LABEL);

  private GrowthWorkload() {}

  public static void main(String[] args) {
    KillChild.begin();
    try (Heap heap = Heap.open(Path.of(args[0]), OPTIONS)) {
      long length = length(heap);
      for (long n = length + 1; ; n++) {
        if (n > CAP) {
          LockSupport.parkNanos(1_000_000_000L);
          continue;
        }
        push(heap, n);
        KillChild.ack(n);
        // At most one record per millisecond: a round (at most 500 ms) grows the heap a few
        // times and the whole run (12 rounds) stays far below CAP, so every round acknowledges.
        LockSupport.parkNanos(1_000_000);
      }
    }
  }

  static void push(Heap heap, long n) {
    byte[] label = new byte[LABEL];
    Arrays.fill(label, (byte) n);
    Blob b = new Blob(heap, label);
    b.persist();
    Node node = new Node(heap, n);
    node.label(b);
    node.next(heap.roots().exists(ROOT) ? heap.roots().get(ROOT) : null);
    node.persist();
    heap.roots().put(ROOT, node);
  }

  static long length(Heap heap) {
    long n = 0;
    for (Node x = heap.roots().exists(ROOT) ? heap.roots().get(ROOT) : null;
        x != null;
        x = x.next()) {
      n++;
    }
    return n;
  }
}

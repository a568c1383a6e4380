package org.jnvm.hotspot;

import java.nio.file.Path;
import org.jnvm.core.heap.Heap;
import org.jnvm.core.heap.Node;
import org.jnvm.core.pmem.Pmem;

/**
 * Child JVM of {@link PatchedJdkTest}: stores, writes back and fences through the gateway on a real
 * heap, in the three orders that once let C2 move a load past a later store (see docs/gateway.md),
 * and checks every value it reads. Prints the backend and {@code OK n}.
 *
 * <p>Arguments: heap file, iterations per pattern.
 */
public final class PatchedProbe {
  private PatchedProbe() {}

  public static void main(String[] args) {
    Path file = Path.of(args[0]);
    int iterations = Integer.parseInt(args[1]);
    try (Heap h = Heap.create(file, 1 << 20)) {
      Node n = new Node(h, 0);
      long at = n.address() + 8;
      long other = at + Pmem.LINE;
      for (int pattern = 0; pattern < 3; pattern++) {
        run(pattern, at, other, iterations);
      }
    }
    System.out.println("BACKEND " + Pmem.backendName());
    System.out.println("OK " + iterations);
  }

  private static void run(int pattern, long at, long other, int iterations) {
    Pmem.putLong(at, 0);
    long expected = 0;
    for (long i = 1; i <= iterations; i++) {
      long old = swap(pattern, at, other, i);
      if (old != expected) {
        throw new AssertionError(
            "pattern " + pattern + " iteration " + i + ": read " + old + ", stored " + expected);
      }
      expected = i;
    }
  }

  /** Fence, load, store; load, fence, store; write-back elsewhere, load, store. */
  private static long swap(int pattern, long at, long other, long v) {
    long old;
    switch (pattern) {
      case 0 -> {
        Pmem.pfence();
        old = Pmem.getLong(at);
        Pmem.putLong(at, v);
      }
      case 1 -> {
        old = Pmem.getLong(at);
        Pmem.pfence();
        Pmem.putLong(at, v);
      }
      default -> {
        Pmem.pwb(other);
        old = Pmem.getLong(at);
        Pmem.putLong(at, v);
      }
    }
    Pmem.pwb(at);
    Pmem.psync();
    return old;
  }
}

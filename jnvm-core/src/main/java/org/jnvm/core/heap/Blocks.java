package org.jnvm.core.heap;

import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;
import java.util.function.Supplier;
import org.jnvm.core.JnvmException;

/**
 * Holds the {@link BlockSupport} found at start-up, in a static final so that the JIT folds the
 * allocation and free hooks into plain calls (or nothing, for the no-op one).
 */
final class Blocks {
  static final BlockSupport SUPPORT = load();

  private Blocks() {}

  private static BlockSupport load() {
    List<BlockSupport> found = new ArrayList<>();
    for (BlockSupport s : ServiceLoader.load(BlockSupport.class, Blocks.class.getClassLoader())) {
      found.add(s);
    }
    if (found.size() > 1) {
      List<String> names = new ArrayList<>();
      for (BlockSupport s : found) names.add(s.getClass().getName());
      throw new JnvmException(
          "more than one failure-atomic block library on the class path: " + names);
    }
    return found.isEmpty() ? new None() : found.get(0);
  }

  /** No block library: allocations and frees are never part of a block, and blocks cannot run. */
  static final class None implements BlockSupport {
    @Override
    public void allocated(Heap heap, long address) {
      // no block can be running
    }

    @Override
    public boolean deferFree(Heap heap, PObject o) {
      return false;
    }

    @Override
    public <T> T call(Heap heap, Supplier<T> body) {
      throw new JnvmException(
          "failure-atomic blocks need the jpfa module on the class path: no "
              + BlockSupport.class.getName()
              + " service found");
    }
  }
}

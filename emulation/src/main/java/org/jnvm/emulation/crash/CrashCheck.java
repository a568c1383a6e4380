package org.jnvm.emulation.crash;

import org.jnvm.core.heap.Heap;

/** Something done with a heap: a setup, a workload, or a check run on each crash image. */
@FunctionalInterface
public interface CrashCheck {
  void accept(Heap heap) throws Exception;
}

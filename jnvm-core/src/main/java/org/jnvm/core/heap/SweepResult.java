package org.jnvm.core.heap;

import java.util.BitSet;

/** What the sweep hands the allocator: chunk state, live objects and free slots per class. */
record SweepResult(
    long[] chunks,
    BitSet freeChunks,
    Bitmap live,
    LongStack[] freeSlots,
    long liveObjects,
    long reclaimed) {

  /** Java heap bytes of this state: the live bitmap, the descriptors and the free slot stacks. */
  long volatileBytes() {
    long slots = 0;
    for (LongStack s : freeSlots) slots += s.capacityBytes();
    return live.bytes() + 8L * chunks.length + slots;
  }
}

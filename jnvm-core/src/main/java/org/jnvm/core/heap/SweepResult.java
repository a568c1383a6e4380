package org.jnvm.core.heap;

import java.util.BitSet;

/** What the sweep hands the allocator: chunk state, live objects and free slots per class. */
record SweepResult(
    long[] chunks,
    BitSet freeChunks,
    Bitmap live,
    LongStack[] freeSlots,
    long liveObjects,
    long reclaimed) {}

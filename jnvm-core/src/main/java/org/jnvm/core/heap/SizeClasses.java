package org.jnvm.core.heap;

/**
 * Slot sizes of small chunks: multiples of a line up to 512 bytes, then four steps per doubling up
 * to a quarter chunk. Anything larger takes a run of whole chunks. The slot size is stored in each
 * chunk's descriptor, so this table can change without a format change.
 */
final class SizeClasses {
  static final int[] SLOT;
  static final int MAX_SMALL;

  static {
    int[] s = new int[64];
    int n = 0;
    for (int v = 64; v <= 512; v += 64) s[n++] = v;
    for (int base = 512; base < HeapGeometry.CHUNK / 4; base *= 2) {
      for (int k = 1; k <= 4; k++) s[n++] = base + base * k / 4;
    }
    SLOT = java.util.Arrays.copyOf(s, n);
    MAX_SMALL = SLOT[n - 1];
  }

  private SizeClasses() {}

  static int count() {
    return SLOT.length;
  }

  /** The smallest class whose slot holds {@code bytes}; the caller checked bytes <= MAX_SMALL. */
  static int classOf(long bytes) {
    if (bytes <= 512) return (int) Math.max(0, (bytes - 1) >> 6);
    int lo = 8;
    int hi = SLOT.length - 1;
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      if (SLOT[mid] >= bytes) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  }

  static int indexOfSlot(int slotBytes) {
    return java.util.Arrays.binarySearch(SLOT, slotBytes);
  }
}

package org.jnvm.core.heap;

import org.jnvm.core.pmem.Pmem;

/**
 * Recovery's and the verifier's view of the heap: the chunk table as read from media, and the class
 * layouts. Every offset read from media is checked here before it is dereferenced, so a corrupted
 * file gives an exception, never a JVM crash.
 */
final class MediaView {
  final long base;
  final HeapGeometry g;

  /** The reserved chunks: nothing beyond them can hold an object. */
  final int reserved;

  final long[] descriptors;
  ClassInfo[] classes;

  MediaView(long base, HeapGeometry g, int reserved) {
    this.base = base;
    this.g = g;
    this.reserved = reserved;
    this.descriptors = new long[reserved];
    long table = base + g.tableOffset();
    for (int c = 0; c < descriptors.length; c++) {
      descriptors[c] = ChunkLayout.descriptor(table, c);
    }
    this.classes = Builtins.table();
  }

  /** Granules of the reserved chunks: the size of a mark bitmap. */
  long granules() {
    return g.granules(reserved);
  }

  long granule(long off) {
    return (off - g.dataOffset()) >>> 6;
  }

  ClassInfo classOf(int id) {
    return id > 0 && id < classes.length ? classes[id] : null;
  }

  /** Null if {@code off} is a well-formed object start with a sane header, else why not. */
  String objectProblem(long off) {
    if (!g.inData(off)) return "outside the data area";
    if ((off & (Pmem.LINE - 1)) != 0) return "not line-aligned";
    int c = g.chunkOf(off);
    if (c >= reserved) return "beyond the reserved space (chunk " + c + " of " + reserved + ")";
    long d = descriptors[c];
    if (!ChunkLayout.wellFormed(d)) return "chunk " + c + " has a malformed descriptor";
    long capacity;
    long within = off - g.chunkStart(c);
    switch (ChunkLayout.kind(d)) {
      case ChunkLayout.SMALL -> {
        int slot = ChunkLayout.arg(d);
        if (SizeClasses.indexOfSlot(slot) < 0) return "chunk " + c + " has slot size " + slot;
        if (within % slot != 0 || within / slot >= g.chunkSize() / slot) {
          return "not a slot start in chunk " + c;
        }
        capacity = slot;
      }
      case ChunkLayout.LARGE_HEAD -> {
        if (within != 0) return "inside large chunk " + c;
        String run = runProblem(c, ChunkLayout.arg(d));
        if (run != null) return run;
        capacity = (long) ChunkLayout.arg(d) * g.chunkSize();
      }
      default -> {
        return "in chunk " + c + " which is not allocated (" + ChunkLayout.kind(d) + ")";
      }
    }
    return headerProblem(base + off, capacity);
  }

  /** Bytes the slot (or run) of the checked object at {@code off} holds, header included. */
  long capacity(long off) {
    int c = g.chunkOf(off);
    long d = descriptors[c];
    return ChunkLayout.kind(d) == ChunkLayout.SMALL
        ? ChunkLayout.arg(d)
        : (long) ChunkLayout.arg(d) * g.chunkSize();
  }

  private String runProblem(int c, int n) {
    if (n < 1 || (long) c + n > reserved) return "large run of " + n + " chunks at " + c;
    for (int i = 1; i < n; i++) {
      if (ChunkLayout.kind(descriptors[c + i]) != ChunkLayout.LARGE_CONT) {
        return "large run at chunk " + c + " broken at chunk " + (c + i);
      }
    }
    return null;
  }

  private String headerProblem(long obj, long capacity) {
    int id = ObjectLayout.classId(obj);
    ClassInfo info = classOf(id);
    if (info == null) return "unknown class id " + id;
    int size = ObjectLayout.size(obj);
    if (size < 0 || ObjectLayout.HEADER + (long) size > capacity) {
      return "size " + size + " exceeds its slot of " + capacity + " (class " + info.name() + ")";
    }
    String s = info.sizeProblem(size);
    return s == null ? null : s + " (class " + info.name() + ")";
  }

  /** Visits every reference of a checked object. */
  void forEachRef(long off, ClassInfo.RefVisitor v) {
    long obj = base + off;
    int id = ObjectLayout.classId(obj);
    if (id == Builtins.ROOT_SEGMENT) {
      RootSegmentLayout.forEachRef(obj, v);
    } else {
      classes[id].forEachRef(obj, ObjectLayout.size(obj), v);
    }
  }

  String describe(long off) {
    return "0x" + Long.toHexString(off);
  }
}

package org.jnvm.core.heap;

import java.time.Instant;

/** Renders a heap's superblock, geometry, class registry and roots for {@code jnvm info}. */
final class HeapInfo {
  private HeapInfo() {}

  static String describe(Heap heap) {
    long sb = heap.base();
    HeapGeometry g = heap.geometry();
    StringBuilder s = new StringBuilder();
    s.append("file            ").append(heap.file()).append('\n');
    s.append("format          ")
        .append(SuperblockLayout.major(sb))
        .append('.')
        .append(SuperblockLayout.minor(sb))
        .append('\n');
    s.append("created         ")
        .append(Instant.ofEpochMilli(SuperblockLayout.createdMillis(sb)))
        .append('\n');
    s.append("maximum size    ").append(g.heapSize()).append(" bytes\n");
    s.append("reserved        ")
        .append(heap.reservedBytes())
        .append(" bytes (")
        .append(heap.reservedChunks())
        .append(" of ")
        .append(g.chunkCount())
        .append(" chunks of ")
        .append(g.chunkSize())
        .append(" bytes)\n");
    s.append("used            ")
        .append(heap.usedBytes())
        .append(" bytes (")
        .append(heap.reservedChunks() - heap.freeChunks())
        .append(" chunks in use, ")
        .append(heap.freeChunks())
        .append(" free)\n");
    s.append("chunk table     @0x").append(Long.toHexString(g.tableOffset())).append('\n');
    s.append("data            @0x").append(Long.toHexString(g.dataOffset())).append('\n');
    s.append("recovery        ").append(heap.recoveryReport()).append('\n');
    s.append("classes:\n");
    for (ClassInfo c : heap.classes().infos()) {
      if (c != null && c.id() >= PersistentClass.FIRST_USER_ID) {
        s.append(
            String.format(
                "  %5d  %-50s size=%-6s refs=%d%s fp=%016x%n",
                c.id(),
                c.name(),
                c.fixedSize() < 0 ? "var" : Integer.toString(c.fixedSize()),
                c.refOffsets().length,
                c.refTail() >= 0 ? " tail@" + c.refTail() : "",
                c.fingerprint()));
        s.append("         ").append(shape(c)).append('\n');
      }
    }
    s.append("roots:\n");
    for (String name : heap.roots().names()) s.append("  ").append(name).append('\n');
    return s.toString();
  }

  /** {@code shape v2: a.B{x:J@0 msg:Lorg/jnvm/jpdt/PString;@8}}, or why there is none. */
  private static String shape(ClassInfo c) {
    if (c.shape() != null) return "shape v" + c.shape().version() + ": " + c.shape().text();
    return "no shape table (written by format 2.0, or a class that declares none)";
  }
}

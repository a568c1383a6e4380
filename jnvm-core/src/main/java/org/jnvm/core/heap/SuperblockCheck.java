package org.jnvm.core.heap;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.zip.CRC32C;

/**
 * Checks a superblock read into a buffer (before anything is mapped) and derives the geometry. Each
 * failure names the file and what is wrong, with the values.
 */
final class SuperblockCheck {
  private SuperblockCheck() {}

  static HeapGeometry check(Path path, ByteBuffer raw, long fileLength) {
    ByteBuffer sb = raw.duplicate().order(ByteOrder.LITTLE_ENDIAN);
    long magic = sb.getLong(SuperblockLayout.MAGIC_OFFSET);
    if (magic != SuperblockLayout.MAGIC) {
      throw new HeapFormatException(
          path, "not a J-NVM heap: bad magic 0x" + Long.toHexString(magic));
    }
    int major = Short.toUnsignedInt(sb.getShort(SuperblockLayout.MAJOR_OFFSET));
    int minor = Short.toUnsignedInt(sb.getShort(SuperblockLayout.MINOR_OFFSET));
    if (major != SuperblockLayout.MAJOR && major != SuperblockLayout.MAJOR_FIXED) {
      throw new HeapFormatException(
          path,
          "unsupported heap format version: file has "
              + major
              + "."
              + minor
              + ", this J-NVM reads "
              + SuperblockLayout.MAJOR_FIXED
              + ".x and "
              + SuperblockLayout.MAJOR
              + ".x");
    }
    checkChecksum(path, sb);
    checkReserved(path, sb);
    long heapSize = sb.getLong(SuperblockLayout.HEAP_SIZE_OFFSET);
    if (heapSize != fileLength) {
      throw new HeapFormatException(
          path,
          (fileLength < heapSize ? "truncated heap" : "heap file" + " longer than its heap")
              + ": superblock heapSize="
              + heapSize
              + " file length="
              + fileLength);
    }
    return checkGeometry(path, sb, heapSize);
  }

  /**
   * The chunks with backing space: all of them in a format 1 heap (preallocated whole), the
   * reservation record's count in format 2, which must lie in {@code [1, chunkCount]} with the rest
   * of its line zero.
   */
  static int reservedChunks(Path path, ByteBuffer raw, HeapGeometry g) {
    ByteBuffer sb = raw.duplicate().order(ByteOrder.LITTLE_ENDIAN);
    if (sb.getShort(SuperblockLayout.MAJOR_OFFSET) == SuperblockLayout.MAJOR_FIXED) {
      return g.chunkCount();
    }
    if (sb.capacity() < ReservationLayout.OFFSET + ReservationLayout.SIZE) {
      throw new HeapFormatException(path, "truncated heap: no reservation record");
    }
    long chunks = sb.getLong(ReservationLayout.OFFSET);
    boolean clear = true;
    for (int off = 8; off < ReservationLayout.SIZE; off += 8) {
      clear &= sb.getLong(ReservationLayout.OFFSET + off) == 0;
    }
    if (chunks < 1 || chunks > g.chunkCount() || !clear) {
      throw new HeapFormatException(
          path,
          "corrupted reservation record: reserved chunks="
              + chunks
              + " (must be 1.."
              + g.chunkCount()
              + (clear ? "" : ", and the rest of its line zero")
              + ")");
    }
    return (int) chunks;
  }

  private static void checkChecksum(Path path, ByteBuffer sb) {
    CRC32C crc = new CRC32C();
    crc.update(sb.duplicate().position(0).limit(SuperblockLayout.CHECKSUM_OFFSET));
    long stored = sb.getLong(SuperblockLayout.CHECKSUM_OFFSET);
    if (stored != crc.getValue()) {
      throw new HeapFormatException(
          path,
          "corrupted superblock: checksum stored=0x"
              + Long.toHexString(stored)
              + " computed=0x"
              + Long.toHexString(crc.getValue()));
    }
  }

  private static void checkReserved(Path path, ByteBuffer sb) {
    boolean clear = sb.getShort(SuperblockLayout.RESERVED0_OFFSET) == 0;
    for (int off = SuperblockLayout.RESERVED_OFFSET;
        off < SuperblockLayout.CHECKSUM_OFFSET;
        off += 8) {
      clear &= sb.getLong(off) == 0;
    }
    if (!clear)
      throw new HeapFormatException(path, "corrupted superblock: reserved bytes not zero");
  }

  private static HeapGeometry checkGeometry(Path path, ByteBuffer sb, long heapSize) {
    int line = Short.toUnsignedInt(sb.getShort(SuperblockLayout.LINE_OFFSET));
    int chunk = sb.getInt(SuperblockLayout.CHUNK_SIZE_OFFSET);
    if (line != 64
        || chunk != HeapGeometry.CHUNK
        || heapSize < HeapGeometry.minHeapSize()
        || heapSize > HeapGeometry.MAX_HEAP) {
      throw new HeapFormatException(
          path,
          "unsupported heap geometry: line=" + line + " chunk=" + chunk + " heapSize=" + heapSize);
    }
    HeapGeometry g = HeapGeometry.forSize(heapSize);
    HeapGeometry stored =
        new HeapGeometry(
            heapSize,
            chunk,
            sb.getInt(SuperblockLayout.CHUNK_COUNT_OFFSET),
            sb.getLong(SuperblockLayout.TABLE_OFFSET),
            sb.getLong(SuperblockLayout.DATA_OFFSET));
    if (!g.equals(stored)) {
      throw new HeapFormatException(
          path,
          "corrupted superblock: geometry "
              + stored
              + " does not match the heap size (expected "
              + g
              + ")");
    }
    for (int off : new int[] {SuperblockLayout.ROOTS_OFFSET, SuperblockLayout.REGISTRY_OFFSET}) {
      long v = sb.getLong(off);
      if (!g.inData(v) || (v & 63) != 0) {
        throw new HeapFormatException(
            path,
            "corrupted superblock: anchor at +"
                + off
                + " points outside the data area: 0x"
                + Long.toHexString(v));
      }
    }
    return g;
  }
}

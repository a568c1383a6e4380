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
    if (major != SuperblockLayout.MAJOR) {
      throw new HeapFormatException(
          path,
          "unsupported heap format version: file has "
              + major
              + "."
              + minor
              + ", this J-NVM reads "
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
    if (line != 64 || chunk != HeapGeometry.CHUNK || heapSize < HeapGeometry.minHeapSize()) {
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

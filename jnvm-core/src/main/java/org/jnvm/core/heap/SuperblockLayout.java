package org.jnvm.core.heap;

import java.util.zip.CRC32C;
import org.jnvm.core.pmem.Pmem;

/**
 * The superblock: the first bytes of every heap file. Written once at creation, then only read:
 * nothing mutable lives here, so it never needs a crash-consistent update.
 *
 * <pre>
 *   0       8       16      24      32      40      48      56      64
 *   +-------+---+---+---+---+-------+---+---+-------+-------+-------+
 *   | magic |maj|min|lin|rsv| heap  |chk|chk| table | data  | roots |
 *   |  "JNVMHEAP"   |e  |=0 | size  |sz |cnt| off   | off   | off   |
 *   +-------+---+---+---+---+-------+---+---+-------+-------+-------+
 *   64      72      80                                       120    128
 *   +-------+-------+---------------------------------------+-------+
 *   | regis-|created|        reserved, must be zero         | crc32c|
 *   | try   |millis |                                       |       |
 *   +-------+-------+---------------------------------------+-------+
 * </pre>
 *
 * The checksum is CRC32C of bytes [0, 120) in the low 32 bits; the high 32 bits are zero. The
 * superblock owns the first {@link #REGION} bytes of the file; the only mutable bytes of that
 * region are the reservation record that follows it ({@link ReservationLayout}). In format 2 the
 * heap size is the maximum size: the file is that long but sparse, and backing space is reserved in
 * steps as the heap grows.
 */
final class SuperblockLayout {
  static final long MAGIC = 0x504145484d564e4aL; // "JNVMHEAP" read little-endian

  /** Format 2: the size is a maximum, backing space grows ({@link ReservationLayout}). */
  static final int MAJOR = 2;

  /** Format 1: fixed size, fully preallocated; still read (as a heap reserved whole). */
  static final int MAJOR_FIXED = 1;

  /**
   * Minor 1: class entries carry a shape table ({@link ShapeTableLayout}). Readers of either minor
   * read both kinds of entry; a 2.0 heap keeps minor 0 (the superblock is written once) and gets
   * shape tables for the classes a 2.1 writer registers or matches in it.
   */
  static final int MINOR = 1;

  static final int REGION = 4096;

  static final int MAGIC_OFFSET = 0;
  static final int MAJOR_OFFSET = MAGIC_OFFSET + 8;
  static final int MINOR_OFFSET = MAJOR_OFFSET + 2;
  static final int LINE_OFFSET = MINOR_OFFSET + 2;
  static final int RESERVED0_OFFSET = LINE_OFFSET + 2;
  static final int HEAP_SIZE_OFFSET = RESERVED0_OFFSET + 2;
  static final int CHUNK_SIZE_OFFSET = HEAP_SIZE_OFFSET + 8;
  static final int CHUNK_COUNT_OFFSET = CHUNK_SIZE_OFFSET + 4;
  static final int TABLE_OFFSET = CHUNK_COUNT_OFFSET + 4;
  static final int DATA_OFFSET = TABLE_OFFSET + 8;
  static final int ROOTS_OFFSET = DATA_OFFSET + 8;
  static final int REGISTRY_OFFSET = ROOTS_OFFSET + 8;
  static final int CREATED_OFFSET = REGISTRY_OFFSET + 8;
  static final int RESERVED_OFFSET = CREATED_OFFSET + 8;
  static final int CHECKSUM_OFFSET = 120;
  static final int SIZE = CHECKSUM_OFFSET + 8;

  private SuperblockLayout() {}

  static long magic(long sb) {
    return Pmem.getLong(sb + MAGIC_OFFSET);
  }

  static int major(long sb) {
    return Short.toUnsignedInt(Pmem.getShort(sb + MAJOR_OFFSET));
  }

  static int minor(long sb) {
    return Short.toUnsignedInt(Pmem.getShort(sb + MINOR_OFFSET));
  }

  static int lineSize(long sb) {
    return Short.toUnsignedInt(Pmem.getShort(sb + LINE_OFFSET));
  }

  static long heapSize(long sb) {
    return Pmem.getLong(sb + HEAP_SIZE_OFFSET);
  }

  static int chunkSize(long sb) {
    return Pmem.getInt(sb + CHUNK_SIZE_OFFSET);
  }

  static int chunkCount(long sb) {
    return Pmem.getInt(sb + CHUNK_COUNT_OFFSET);
  }

  static long tableOffset(long sb) {
    return Pmem.getLong(sb + TABLE_OFFSET);
  }

  static long dataOffset(long sb) {
    return Pmem.getLong(sb + DATA_OFFSET);
  }

  static long rootsOffset(long sb) {
    return Pmem.getLong(sb + ROOTS_OFFSET);
  }

  static long registryOffset(long sb) {
    return Pmem.getLong(sb + REGISTRY_OFFSET);
  }

  static long createdMillis(long sb) {
    return Pmem.getLong(sb + CREATED_OFFSET);
  }

  static long checksum(long sb) {
    return Pmem.getLong(sb + CHECKSUM_OFFSET);
  }

  /** CRC32C of the bytes the checksum covers. */
  static long computeChecksum(long sb) {
    byte[] bytes = new byte[CHECKSUM_OFFSET];
    Pmem.read(sb, bytes, 0, bytes.length);
    CRC32C crc = new CRC32C();
    crc.update(bytes);
    return crc.getValue();
  }

  /** Writes a complete superblock (not yet written back). */
  static void write(long sb, HeapGeometry g, long roots, long registry, long createdMillis) {
    Pmem.fill(sb, SIZE, (byte) 0);
    Pmem.putLong(sb + MAGIC_OFFSET, MAGIC);
    Pmem.putShort(sb + MAJOR_OFFSET, (short) MAJOR);
    Pmem.putShort(sb + MINOR_OFFSET, (short) MINOR);
    Pmem.putShort(sb + LINE_OFFSET, (short) Pmem.LINE);
    Pmem.putLong(sb + HEAP_SIZE_OFFSET, g.heapSize());
    Pmem.putInt(sb + CHUNK_SIZE_OFFSET, g.chunkSize());
    Pmem.putInt(sb + CHUNK_COUNT_OFFSET, g.chunkCount());
    Pmem.putLong(sb + TABLE_OFFSET, g.tableOffset());
    Pmem.putLong(sb + DATA_OFFSET, g.dataOffset());
    Pmem.putLong(sb + ROOTS_OFFSET, roots);
    Pmem.putLong(sb + REGISTRY_OFFSET, registry);
    Pmem.putLong(sb + CREATED_OFFSET, createdMillis);
    Pmem.putLong(sb + CHECKSUM_OFFSET, computeChecksum(sb));
  }
}

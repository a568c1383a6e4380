package org.jnvm.core.heap;

/**
 * Where things are in a heap file of a given size. The file is cut into the superblock region, the
 * chunk table (one 8-byte descriptor per chunk, rounded to a page) and the data area of {@code
 * chunkCount} chunks of {@link #CHUNK} bytes. The heap size is the maximum: the table and data area
 * are laid out for it, and only their reserved prefix has space in the file ({@link Reservation}).
 *
 * <pre>
 *   0          4 KiB           tableOffset + table         dataOffset + n * CHUNK
 *   +----------+---------------+---------------------------+--------+
 *   |superblock| chunk table   | chunk 0 | chunk 1 | ...   | unused |
 *   +----------+---------------+---------------------------+--------+
 * </pre>
 */
record HeapGeometry(
    long heapSize, int chunkSize, int chunkCount, long tableOffset, long dataOffset) {
  static final int CHUNK = 64 * 1024;
  static final int PAGE = 4096;

  /** Room for the built-in segments and at least one chunk of user objects. */
  static final int MIN_CHUNKS = 4;

  /**
   * The largest maximum size: 64 TiB, a billion chunks (the chunk index is an int) and half of
   * x86-64's 47-bit user address space. Whether this JVM can map it is the gateway's call.
   */
  static final long MAX_HEAP = 1L << 46;

  static long minHeapSize() {
    return SuperblockLayout.REGION + PAGE + (long) MIN_CHUNKS * CHUNK;
  }

  /** The geometry of a new heap of {@code heapSize} bytes (already range-checked). */
  static HeapGeometry forSize(long heapSize) {
    long usable = heapSize - SuperblockLayout.REGION;
    long guess = usable / (CHUNK + ChunkLayout.SIZE);
    long table = roundUp(guess * ChunkLayout.SIZE, PAGE);
    int count = (int) ((usable - table) / CHUNK);
    long tableOffset = SuperblockLayout.REGION;
    return new HeapGeometry(heapSize, CHUNK, count, tableOffset, tableOffset + table);
  }

  long chunkStart(int chunk) {
    return dataOffset + (long) chunk * chunkSize;
  }

  long dataEnd() {
    return chunkStart(chunkCount);
  }

  /** The granules (64-byte bitmap units) of {@code chunks} chunks. */
  long granules(int chunks) {
    return (long) chunks * (chunkSize / 64);
  }

  /** The chunk holding data-area offset {@code off}; the caller checked the range. */
  int chunkOf(long off) {
    return (int) ((off - dataOffset) / chunkSize);
  }

  boolean inData(long off) {
    return off >= dataOffset && off < dataEnd();
  }

  static long roundUp(long v, long unit) {
    return (v + unit - 1) / unit * unit;
  }
}

package org.jnvm.core.heap;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;

/**
 * A copy of a heap file that keeps its holes: blocks of {@link #BLOCK} bytes that are all zero are
 * skipped, not written, so the copy takes about the space the original's data takes (a 512 MiB heap
 * with 64 MiB in use copies to about 64 MiB on tmpfs, not 512). The copy has the original's length
 * and is readable and writable by its owner only, like a heap.
 *
 * <p>Room is checked before the first byte is written: the non-zero blocks are counted and compared
 * with the target file system's usable space, so a full file system gives a clear {@link
 * HeapAccessException} with both figures, not a half-written copy. Any other write failure also
 * deletes the partial copy and names both files.
 */
final class SparseCopy {
  static final int BLOCK = 64 << 10;

  private SparseCopy() {}

  /** Copies {@code from} to the new file {@code to} (which must not exist), keeping holes. */
  static void copy(Path from, Path to, String purpose) {
    try (FileChannel in = FileChannel.open(from, StandardOpenOption.READ)) {
      long size = in.size();
      long needed = dataBytes(in, size);
      Path dir = to.toAbsolutePath().getParent();
      long usable = Files.getFileStore(dir).getUsableSpace();
      if (needed > usable) {
        throw new HeapAccessException(
            "no room for the "
                + purpose
                + " "
                + to
                + " of "
                + from
                + ": needs="
                + needed
                + " bytes usable="
                + usable
                + " (free space in "
                + dir
                + ", or copy the heap elsewhere by hand first)");
      }
      write(in, size, to);
    } catch (IOException e) {
      try {
        Files.deleteIfExists(to);
      } catch (IOException ignored) {
        // the first failure is the one to report
      }
      throw new HeapAccessException(
          "cannot write the " + purpose + " " + to + " of " + from + ": " + e, e);
    }
  }

  /** Bytes in blocks that hold a non-zero byte: what the copy will take. */
  private static long dataBytes(FileChannel in, long size) throws IOException {
    ByteBuffer b = ByteBuffer.allocate(BLOCK);
    long n = 0;
    for (long at = 0; at < size; at += BLOCK) {
      int len = read(in, b, at, size);
      if (!zero(b, len)) n += len;
    }
    return n;
  }

  private static void write(FileChannel in, long size, Path to) throws IOException {
    Files.createFile(
        to, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
    try (RandomAccessFile f = new RandomAccessFile(to.toFile(), "rw")) {
      f.setLength(size); // all hole: only the blocks written below take space
    }
    try (FileChannel out = FileChannel.open(to, StandardOpenOption.WRITE)) {
      ByteBuffer b = ByteBuffer.allocate(BLOCK);
      for (long at = 0; at < size; at += BLOCK) {
        int len = read(in, b, at, size);
        if (zero(b, len)) continue;
        b.flip();
        while (b.hasRemaining()) out.write(b, at + b.position());
      }
      out.force(true);
    }
  }

  /** Reads the block at {@code at} into {@code b} (cleared first); returns its length. */
  private static int read(FileChannel in, ByteBuffer b, long at, long size) throws IOException {
    b.clear();
    b.limit((int) Math.min(BLOCK, size - at));
    while (b.hasRemaining()) {
      if (in.read(b, at + b.position()) < 0) break;
    }
    return b.position();
  }

  private static boolean zero(ByteBuffer b, int len) {
    for (int i = 0; i < len; i += Long.BYTES) {
      if (i + Long.BYTES <= len ? b.getLong(i) != 0 : tailNonZero(b, i, len)) return false;
    }
    return true;
  }

  private static boolean tailNonZero(ByteBuffer b, int from, int len) {
    for (int i = from; i < len; i++) if (b.get(i) != 0) return true;
    return false;
  }
}

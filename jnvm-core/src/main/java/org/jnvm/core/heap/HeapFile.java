package org.jnvm.core.heap;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Set;
import org.jnvm.core.pmem.Mapping;
import org.jnvm.core.pmem.Pmem;

/**
 * An open, locked, validated and mapped heap file. Opening checks everything it can before mapping
 * the whole file and never writes: a file that is not a heap, is truncated, has a bad checksum or
 * an unknown major version is refused with its name and the problem.
 */
final class HeapFile implements AutoCloseable {
  private static final Set<StandardOpenOption> RW =
      Set.of(StandardOpenOption.READ, StandardOpenOption.WRITE);

  final Path path;
  final HeapGeometry geometry;
  final Mapping mapping;
  final boolean readOnly;
  final Reservation reservation;
  private final FileChannel channel;
  private final FileLock lock;

  private HeapFile(
      Path path,
      FileChannel ch,
      FileLock lock,
      HeapGeometry g,
      Reservation r,
      Mapping m,
      boolean ro) {
    this.path = path;
    this.channel = ch;
    this.lock = lock;
    this.geometry = g;
    this.reservation = r;
    this.mapping = m;
    this.readOnly = ro;
    r.mapped(m.base());
  }

  long base() {
    return mapping.base();
  }

  /** Opens an existing heap, holding an exclusive (or, read-only, shared) lock. */
  static HeapFile open(Path path, boolean readOnly, boolean sync, long step) {
    FileChannel ch = openChannel(path, readOnly);
    try {
      FileLock lock = lock(ch, path, readOnly);
      ByteBuffer head = readHead(path, ch);
      HeapGeometry g = SuperblockCheck.check(path, head, ch.size());
      int reserved = SuperblockCheck.reservedChunks(path, head, g);
      Reservation r = new Reservation(path, ch, g, reserved, step);
      Mapping m = Pmem.map(path, ch, g.heapSize(), readOnly, sync);
      return new HeapFile(path, ch, lock, g, r, m, readOnly);
    } catch (IOException e) {
      closeQuietly(ch);
      throw new HeapAccessException("cannot map heap: " + e.getMessage() + " file=" + path, e);
    } catch (RuntimeException e) {
      closeQuietly(ch);
      throw e;
    }
  }

  /**
   * Creates a sparse file of {@code size} bytes (the heap's maximum), owner-only, next to {@code
   * path} under a temporary name, reserves space for the superblock region and the first {@code
   * step} of chunks, and opens it for formatting. {@link #publish} gives it its final name.
   */
  static HeapFile createTemporary(Path path, long size, boolean sync, long step) {
    Pmem.backendName(); // a gateway that cannot start fails here, before any file exists
    HeapGeometry g = HeapGeometry.forSize(size);
    int initial = Reservation.initialChunks(g, step);
    Path dir = checkDirectory(path, Reservation.bytesFor(g, initial));
    Path tmp =
        dir.resolve(
            "."
                + path.getFileName()
                + ".creating-"
                + ProcessHandle.current().pid()
                + "-"
                + System.nanoTime());
    try {
      Files.createFile(
          tmp, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
      FileChannel ch = FileChannel.open(tmp, RW);
      try {
        reserveInitial(tmp, ch, g, initial);
        Reservation r = new Reservation(tmp, ch, g, initial, step);
        Mapping m = Pmem.map(tmp, ch, size, false, sync);
        return new HeapFile(tmp, ch, ch.lock(), g, r, m, false);
      } catch (IOException | RuntimeException | Error e) {
        closeQuietly(ch);
        throw e;
      }
    } catch (IOException e) {
      deleteQuietly(tmp);
      throw new HeapAccessException("cannot create heap: " + e + " file=" + path, e);
    } catch (RuntimeException | Error e) {
      deleteQuietly(tmp);
      throw e;
    }
  }

  /** Gives a formatted temporary heap its final name, failing if that name exists. */
  static void publish(HeapFile formatted, Path path) {
    Path tmp = formatted.path;
    formatted.close();
    try {
      Files.createLink(path, tmp);
    } catch (FileAlreadyExistsException e) {
      throw new HeapAccessException("heap already exists, open it instead: file=" + path);
    } catch (IOException e) {
      throw new HeapAccessException("cannot create heap: " + e + " file=" + path, e);
    } finally {
      deleteQuietly(tmp);
    }
  }

  @Override
  public void close() {
    Pmem.unmap(mapping);
    try {
      lock.release();
    } catch (IOException ignored) {
      // closing the channel releases it anyway
    }
    closeQuietly(channel);
  }

  private static FileChannel openChannel(Path path, boolean readOnly) {
    try {
      return readOnly
          ? FileChannel.open(path, StandardOpenOption.READ)
          : FileChannel.open(path, RW);
    } catch (NoSuchFileException e) {
      throw new HeapAccessException("no such heap: file=" + path, e);
    } catch (AccessDeniedException e) {
      throw new HeapAccessException(
          "permission denied opening heap" + (readOnly ? "" : " for writing") + ": file=" + path,
          e);
    } catch (IOException e) {
      throw new HeapAccessException("cannot open heap: " + e + " file=" + path, e);
    }
  }

  private static FileLock lock(FileChannel ch, Path path, boolean shared) throws IOException {
    try {
      FileLock l = ch.tryLock(0, Long.MAX_VALUE, shared);
      if (l == null) {
        throw new HeapAccessException("heap is in use by another process (locked): file=" + path);
      }
      return l;
    } catch (OverlappingFileLockException e) {
      throw new HeapAccessException("heap is already open in this JVM: file=" + path, e);
    }
  }

  /** Reads the superblock and the reservation record with plain reads: nothing is mapped. */
  private static ByteBuffer readHead(Path path, FileChannel ch) throws IOException {
    long length = ch.size();
    if (length < SuperblockLayout.SIZE) {
      throw new HeapFormatException(
          path, "not a J-NVM heap: file too short (" + length + " bytes)");
    }
    int n = (int) Math.min(length, ReservationLayout.OFFSET + ReservationLayout.SIZE);
    ByteBuffer head = ByteBuffer.allocateDirect(n);
    while (head.hasRemaining() && ch.read(head, head.position()) >= 0) {
      // read fully
    }
    return head.clear();
  }

  private static Path checkDirectory(Path path, long size) {
    Path dir = path.toAbsolutePath().getParent();
    if (dir == null || !Files.isDirectory(dir)) {
      throw new HeapAccessException("heap directory does not exist: dir=" + dir + " file=" + path);
    }
    if (!Files.isWritable(dir)) {
      throw new HeapAccessException("heap directory is not writable: dir=" + dir + " file=" + path);
    }
    if (Files.exists(path)) {
      throw new HeapAccessException("heap already exists, open it instead: file=" + path);
    }
    try {
      long usable = Files.getFileStore(dir).getUsableSpace();
      if (usable < size) {
        throw new HeapAccessException(
            "not enough space for the heap's first reservation: requested="
                + size
                + " available="
                + usable
                + " file="
                + path);
      }
    } catch (IOException e) {
      throw new HeapAccessException("cannot read free space: " + e + " file=" + path, e);
    }
    return dir;
  }

  /**
   * Makes the file {@code g.heapSize()} bytes long without allocating it (ftruncate), then reserves
   * the superblock region and the first chunks: a file system too full for them fails here, with an
   * error, and nothing later touches a page that was not reserved.
   */
  private static void reserveInitial(Path file, FileChannel ch, HeapGeometry g, int chunks)
      throws IOException {
    try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "rw")) {
      f.setLength(g.heapSize());
    }
    ch.write(ByteBuffer.allocateDirect(SuperblockLayout.REGION), 0);
    Reservation.back(file, ch, g, 0, chunks);
  }

  private static void closeQuietly(FileChannel ch) {
    try {
      ch.close();
    } catch (IOException ignored) {
      // nothing more to release
    }
  }

  private static void deleteQuietly(Path p) {
    try {
      Files.deleteIfExists(p);
    } catch (IOException ignored) {
      // a leftover temporary file is named after the heap and harmless
    }
  }
}

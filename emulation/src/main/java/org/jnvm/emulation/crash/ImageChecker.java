package org.jnvm.emulation.crash;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.BitSet;
import org.jnvm.core.heap.Heap;
import org.jnvm.core.heap.VerifyReport;
import org.jnvm.core.pmem.Mapping;
import org.jnvm.core.pmem.Pmem;

/**
 * Writes a crash image to a file of its own, opens it as a fresh heap in this JVM (so the real
 * recovery runs), runs the caller's check and the verifier, and closes it.
 *
 * <p>The file is updated incrementally: a mirror of its content is compared with each new image and
 * only differing lines are written. Lines the image heap stored to while open (recovery may replay
 * logs, a check may write) are rewritten unconditionally next time, since the mirror no longer
 * knows them.
 */
final class ImageChecker implements AutoCloseable {
  private final Path path;
  private final CrashCheck check;
  private final FileChannel channel;
  private byte[] mirror;
  private final BitSet touched = new BitSet();
  private Mapping open;

  ImageChecker(Path path, CrashCheck check) {
    this.path = path;
    this.check = check;
    try {
      this.channel =
          FileChannel.open(path, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot create crash image file " + path, e);
    }
  }

  /** Checks one image; returns what went wrong, or null. */
  Throwable check(byte[] image) {
    write(image);
    try (Heap heap = Heap.open(path)) {
      check.accept(heap);
      VerifyReport r = heap.verify();
      if (!r.ok()) return new AssertionError("verifier: " + r);
      return null;
    } catch (Throwable t) {
      return t;
    } finally {
      open = null;
    }
  }

  /** The image heap was mapped (called by the session while exploring). */
  void mapped(Mapping m) {
    if (m.file().equals(path)) open = m;
  }

  /** The image heap stored to {@code [address, address + length)}. */
  void stored(long address, long length) {
    Mapping m = open;
    if (m == null || !m.contains(address)) return;
    long from = address - m.base();
    long to = Math.min(from + length, m.size()) - 1;
    touched.set((int) (from >>> 6), (int) (to >>> 6) + 1);
  }

  private void write(byte[] image) {
    try {
      if (mirror == null || mirror.length != image.length) {
        writeRange(image, 0, image.length);
        mirror = image.clone();
        touched.clear();
        return;
      }
      for (int line = touched.nextSetBit(0); line >= 0; line = touched.nextSetBit(line + 1)) {
        writeLine(image, line * Pmem.LINE);
      }
      touched.clear();
      writeDifferences(image);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write crash image " + path, e);
    }
  }

  private void writeDifferences(byte[] image) throws IOException {
    int pos = 0;
    while (pos < image.length) {
      int m = Arrays.mismatch(image, pos, image.length, mirror, pos, image.length);
      if (m < 0) return;
      int line = (pos + m) & -Pmem.LINE;
      writeLine(image, line);
      pos = line + Pmem.LINE;
    }
  }

  private void writeLine(byte[] image, int at) throws IOException {
    writeRange(image, at, Pmem.LINE);
    System.arraycopy(image, at, mirror, at, Pmem.LINE);
  }

  private void writeRange(byte[] image, int at, int len) throws IOException {
    ByteBuffer b = ByteBuffer.wrap(image, at, len);
    while (b.hasRemaining()) channel.write(b, b.position());
  }

  @Override
  public void close() {
    try {
      channel.close();
      Files.deleteIfExists(path);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}

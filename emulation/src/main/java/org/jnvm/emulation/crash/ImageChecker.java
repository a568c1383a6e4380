package org.jnvm.emulation.crash;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.jnvm.core.heap.Heap;
import org.jnvm.core.heap.VerifyReport;

/**
 * Writes a crash image to a file of its own, opens it as a fresh heap in this JVM (so the real
 * recovery runs), runs the caller's check and the verifier, and closes it.
 */
final class ImageChecker implements AutoCloseable {
  private final Path path;
  private final CrashCheck check;
  private final FileChannel channel;

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
    try {
      ByteBuffer b = ByteBuffer.wrap(image);
      while (b.hasRemaining()) channel.write(b, b.position());
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write crash image " + path, e);
    }
    try (Heap heap = Heap.open(path)) {
      check.accept(heap);
      VerifyReport r = heap.verify();
      if (!r.ok()) return new AssertionError("verifier: " + r);
      return null;
    } catch (Throwable t) {
      return t;
    }
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

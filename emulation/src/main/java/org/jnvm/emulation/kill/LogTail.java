package org.jnvm.emulation.kill;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads a file that another process is still appending to, line by line, as {@code tail -f}.
 *
 * <p>Why a file and not the child's stdout pipe: when a child dies, the JDK's process reaper drains
 * and closes the pipe's stream under any thread reading it ("Stream closed"), and the lines it
 * drained are lost to that reader. A killed child's last ACK lines are exactly the ones that
 * matter; in a file they stay until read.
 */
final class LogTail implements AutoCloseable {
  private final FileChannel channel;
  private final ByteBuffer buffer = ByteBuffer.allocate(1 << 16);
  private final ByteArrayOutputStream partial = new ByteArrayOutputStream();

  LogTail(Path file) throws IOException {
    this.channel = FileChannel.open(file, StandardOpenOption.READ);
  }

  /** The complete lines appended since the last call (without their line ends). */
  List<String> poll() throws IOException {
    List<String> lines = new ArrayList<>();
    while (channel.read(buffer.clear()) > 0) {
      buffer.flip();
      while (buffer.hasRemaining()) {
        byte b = buffer.get();
        if (b == '\n') lines.add(take());
        else partial.write(b);
      }
    }
    return lines;
  }

  /** The last line if it has no line end yet (a child killed mid-line), else empty. */
  String rest() {
    return take();
  }

  private String take() {
    String s = partial.toString(StandardCharsets.UTF_8);
    partial.reset();
    return s;
  }

  @Override
  public void close() throws IOException {
    channel.close();
  }
}

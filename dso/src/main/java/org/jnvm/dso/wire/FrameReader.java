package org.jnvm.dso.wire;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;

/**
 * Reads {@link Protocol} frames (int length, then the body) from a socket whose reads time out: a
 * {@link java.net.SocketTimeoutException} consumes nothing, and the bytes of a frame read before it
 * stay here, so the next {@link #next} resumes the same frame. (A {@code DataInputStream} would
 * lose them: its {@code readInt} and {@code readFully} give up half-way.)
 *
 * <pre>
 *   buf: [ consumed | start .. end: read, not yet handed out | free ]
 * </pre>
 */
public final class FrameReader {
  private static final int LENGTH = Integer.BYTES;

  private final InputStream in;
  private byte[] buf = new byte[8 << 10];
  private int start;
  private int end;

  public FrameReader(InputStream in) {
    this.in = in;
  }

  /**
   * The next frame's body; null at a clean end of stream (between frames).
   *
   * @throws java.net.SocketTimeoutException when the socket's timeout passes first (call again)
   * @throws EOFException when the stream ends inside a frame
   * @throws IOException on a length outside [0, {@link Protocol#MAX_FRAME}] or a failed read
   */
  public byte[] next() throws IOException {
    if (!buffer(LENGTH)) return null;
    int len =
        Protocol.checkLength(
            (buf[start] & 0xff) << 24
                | (buf[start + 1] & 0xff) << 16
                | (buf[start + 2] & 0xff) << 8
                | (buf[start + 3] & 0xff));
    if (!buffer(LENGTH + len)) {
      throw new EOFException("connection closed inside a frame of " + len + " bytes");
    }
    byte[] body = Arrays.copyOfRange(buf, start + LENGTH, start + LENGTH + len);
    start += LENGTH + len;
    if (start == end) start = end = 0;
    return body;
  }

  /**
   * Whether a whole frame is already buffered: {@link #next} would return it without reading the
   * stream. A server uses it to write the replies of the requests one read brought in together.
   */
  public boolean hasFrame() {
    if (end - start < LENGTH) return false;
    int len =
        (buf[start] & 0xff) << 24
            | (buf[start + 1] & 0xff) << 16
            | (buf[start + 2] & 0xff) << 8
            | (buf[start + 3] & 0xff);
    return len >= 0 && end - start - LENGTH >= len;
  }

  /**
   * Reads until {@code n} bytes are buffered: false if the stream ends with nothing buffered (a
   * clean end), an {@link EOFException} if it ends inside a frame.
   */
  private boolean buffer(int n) throws IOException {
    while (end - start < n) {
      room(n);
      int r = in.read(buf, end, buf.length - end);
      if (r < 0) {
        if (start == end) return false;
        throw new EOFException("connection closed inside a frame");
      }
      end += r;
    }
    return true;
  }

  /**
   * Makes room for {@code n} bytes from {@code start}: moves them to the front, grows if needed.
   */
  private void room(int n) {
    if (buf.length - start >= n) return;
    byte[] to = n > buf.length ? new byte[Math.max(n, buf.length * 2)] : buf;
    System.arraycopy(buf, start, to, 0, end - start);
    end -= start;
    start = 0;
    buf = to;
  }
}

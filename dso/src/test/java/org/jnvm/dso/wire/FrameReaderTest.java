package org.jnvm.dso.wire;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.net.SocketTimeoutException;
import java.nio.ByteBuffer;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Deque;
import org.junit.jupiter.api.Test;

/**
 * A read that times out in the middle of a frame loses no byte: the next read resumes the frame
 * (what lets a caller read the connection with a timeout, {@link ClientConnection}); frames split
 * or joined in any way arrive whole; the ends of the stream and bad lengths are told apart.
 */
class FrameReaderTest {
  /** Hands out queued chunks; with none queued, times out like a socket with SO_TIMEOUT. */
  private static final class Chunks extends InputStream {
    final Deque<byte[]> chunks = new ArrayDeque<>();
    boolean ended;

    void add(byte[] bytes, int from, int to) {
      chunks.add(Arrays.copyOfRange(bytes, from, to));
    }

    @Override
    public int read() {
      throw new UnsupportedOperationException("FrameReader reads arrays");
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
      byte[] c = chunks.poll();
      if (c == null) {
        if (ended) return -1;
        throw new SocketTimeoutException("Read timed out");
      }
      int n = Math.min(len, c.length);
      System.arraycopy(c, 0, b, off, n);
      if (n < c.length) chunks.push(Arrays.copyOfRange(c, n, c.length));
      return n;
    }
  }

  private static byte[] frame(byte[] body) {
    return ByteBuffer.allocate(4 + body.length).putInt(body.length).put(body).array();
  }

  private static byte[] body(int n, int seed) {
    byte[] b = new byte[n];
    for (int i = 0; i < n; i++) b[i] = (byte) (i * 31 + seed);
    return b;
  }

  @Test
  void aTimeoutInsideAFrameLosesNothing() throws IOException {
    Chunks in = new Chunks();
    FrameReader r = new FrameReader(in);
    byte[] big = body(20_000, 1); // larger than the reader's first buffer
    byte[] f = frame(big);
    int[] cuts = {0, 2, 4, 5, 9_000, f.length}; // inside the length, at its end, in the body
    for (int i = 0; i + 1 < cuts.length; i++) {
      in.add(f, cuts[i], cuts[i + 1]);
      if (cuts[i + 1] < f.length) {
        assertThrows(SocketTimeoutException.class, r::next, "frame cut at " + cuts[i + 1]);
      }
    }
    assertArrayEquals(big, r.next());
    assertThrows(SocketTimeoutException.class, r::next, "nothing more queued");
  }

  @Test
  void framesJoinedOrSplitArriveWhole() throws IOException {
    Chunks in = new Chunks();
    FrameReader r = new FrameReader(in);
    byte[] a = frame(body(3, 2));
    byte[] b = frame(body(0, 3));
    byte[] c = frame(body(10_000, 4));
    byte[] all = ByteBuffer.allocate(a.length + b.length + c.length).put(a).put(b).put(c).array();
    in.add(all, 0, a.length + 6); // a, b, and two bytes of c's length
    in.add(all, a.length + 6, all.length);
    assertArrayEquals(body(3, 2), r.next());
    assertArrayEquals(body(0, 3), r.next());
    assertArrayEquals(body(10_000, 4), r.next());
    in.ended = true;
    assertNull(r.next(), "a clean end between frames");
  }

  @Test
  void hasFrameSaysWhetherNextNeedsNoRead() throws IOException {
    Chunks in = new Chunks();
    FrameReader r = new FrameReader(in);
    assertFalse(r.hasFrame(), "nothing read yet");
    byte[] a = frame(body(3, 6));
    byte[] b = frame(body(7, 7));
    byte[] both = ByteBuffer.allocate(a.length + b.length).put(a).put(b).array();
    in.add(both, 0, a.length + 9); // a whole, b's length and 5 of its 7 bytes
    assertArrayEquals(body(3, 6), r.next());
    assertFalse(r.hasFrame(), "b is cut");
    in.add(both, a.length + 9, both.length);
    assertArrayEquals(body(7, 7), r.next());
    assertFalse(r.hasFrame(), "all handed out");
    in.add(both, 0, both.length); // one read brings both
    assertArrayEquals(body(3, 6), r.next());
    assertTrue(r.hasFrame(), "b came with a");
    assertArrayEquals(body(7, 7), r.next());
    assertFalse(r.hasFrame());
  }

  @Test
  void anEndInsideAFrameAndABadLengthAreErrors() {
    Chunks in = new Chunks();
    byte[] f = frame(body(100, 5));
    in.add(f, 0, 50);
    in.ended = true;
    var end = assertThrows(EOFException.class, new FrameReader(in)::next);
    assertTrue(end.getMessage().contains("inside a frame"), end.getMessage());

    Chunks bad = new Chunks();
    byte[] len = ByteBuffer.allocate(4).putInt(Protocol.MAX_FRAME + 1).array();
    bad.add(len, 0, 4);
    var e = assertThrows(IOException.class, new FrameReader(bad)::next);
    assertTrue(
        e.getMessage().contains("bad frame length: " + (Protocol.MAX_FRAME + 1)), e.getMessage());
  }
}

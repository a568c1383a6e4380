package org.jnvm.dso.wire;

import java.io.IOException;
import java.io.OutputStream;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Writes {@link Protocol} frames to a socket from many threads, combining the frames of threads
 * that arrive while another thread is in the socket's write into that thread's next write: one
 * system call (and one loopback delivery and wake-up on the other side) for all of them.
 *
 * <pre>
 *   append:  [lock this] copy int length + body into pending          (never blocks on the socket)
 *   flush:   tryLock(writing) ─ taken ─▶ return: its holder writes our bytes (it re-checks below)
 *               │ got it
 *               ▼
 *            [lock this] swap pending with spare; write spare; unlock(writing); re-check pending
 * </pre>
 *
 * Invariant: every frame appended before a {@link #flush} call returns is written by that call or
 * by the thread holding {@code writing} at that moment, which re-checks {@code pending} after it
 * releases {@code writing}. {@link #append} alone leaves the frame for a later flush: a server
 * thread appends the replies of the requests one read brought in and flushes once.
 */
public final class FrameWriter {
  private static final int LENGTH = Integer.BYTES;

  private final OutputStream out;
  private final ReentrantLock writing = new ReentrantLock();
  private byte[] pending = new byte[8 << 10]; // guarded by this
  private int size; // bytes in pending, guarded by this
  private byte[] spare = new byte[8 << 10]; // owned by the holder of writing

  public FrameWriter(OutputStream out) {
    this.out = out;
  }

  /** Appends one frame and writes it, with whatever other threads appended meanwhile. */
  public void send(byte[] body) throws IOException {
    append(body);
    flush();
  }

  /** Appends one frame without writing it: a later {@link #flush} (any thread's) writes it. */
  public synchronized void append(byte[] body) throws IOException {
    int need = size + LENGTH + Protocol.checkLength(body.length);
    if (need > pending.length) {
      byte[] grown = new byte[Math.max(need, pending.length * 2)];
      System.arraycopy(pending, 0, grown, 0, size);
      pending = grown;
    }
    int n = body.length;
    pending[size] = (byte) (n >>> 24);
    pending[size + 1] = (byte) (n >>> 16);
    pending[size + 2] = (byte) (n >>> 8);
    pending[size + 3] = (byte) n;
    System.arraycopy(body, 0, pending, size + LENGTH, n);
    size = need;
  }

  /** Writes every appended frame, unless a thread writing now will (see the class comment). */
  public void flush() throws IOException {
    while (writing.tryLock()) {
      int n;
      byte[] chunk;
      try {
        synchronized (this) {
          if (size == 0) return;
          chunk = pending;
          n = size;
          pending = spare.length >= n ? spare : new byte[Math.max(n, pending.length)];
          size = 0;
        }
        out.write(chunk, 0, n);
        out.flush();
        spare = chunk;
      } finally {
        writing.unlock();
      }
    }
  }
}

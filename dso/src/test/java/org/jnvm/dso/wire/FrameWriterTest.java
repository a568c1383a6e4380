package org.jnvm.dso.wire;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Frames written from many threads arrive whole and in each thread's order; frames appended while a
 * thread is in the socket's write go out in one later write; appended frames wait for a flush.
 */
class FrameWriterTest {
  /** Records every write; the first one can be held until released. */
  private static final class Sink extends OutputStream {
    final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    final List<Integer> writes = new ArrayList<>();
    final CountDownLatch inFirstWrite = new CountDownLatch(1);
    final CountDownLatch release = new CountDownLatch(1);

    @Override
    public void write(int b) {
      throw new UnsupportedOperationException("FrameWriter writes arrays");
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
      synchronized (this) {
        writes.add(len);
      }
      inFirstWrite.countDown();
      try {
        if (!release.await(60, TimeUnit.SECONDS)) throw new IOException("never released");
      } catch (InterruptedException e) {
        throw new IOException(e);
      }
      synchronized (this) {
        bytes.write(b, off, len);
      }
    }
  }

  private static byte[] body(int thread, int i) {
    byte[] b = new byte[1 + (i % 50)];
    b[0] = (byte) thread;
    for (int k = 1; k < b.length; k++) b[k] = (byte) i;
    return b;
  }

  @Test
  void framesFromManyThreadsArriveWholeAndInEachThreadsOrder() throws Exception {
    Sink sink = new Sink();
    sink.release.countDown();
    FrameWriter w = new FrameWriter(sink);
    int threads = 4;
    int each = 2_000;
    List<Thread> ts = new ArrayList<>();
    for (int t = 0; t < threads; t++) {
      int id = t;
      ts.add(
          new Thread(
              () -> {
                try {
                  for (int i = 0; i < each; i++) w.send(body(id, i));
                } catch (IOException e) {
                  throw new RuntimeException(e);
                }
              }));
    }
    ts.forEach(Thread::start);
    for (Thread t : ts) t.join(60_000);
    FrameReader r = new FrameReader(new ByteArrayInputStream(sink.bytes.toByteArray()));
    Map<Integer, Integer> next = new HashMap<>();
    byte[] f;
    while ((f = r.next()) != null) {
      int id = f[0];
      int i = next.merge(id, 1, Integer::sum) - 1;
      assertArrayEquals(body(id, i), f, "thread " + id + " frame " + i);
    }
    for (int t = 0; t < threads; t++) assertEquals(each, next.get(t), "frames of thread " + t);
  }

  @Test
  void framesSentWhileAThreadWritesGoOutInItsNextWrite() throws Exception {
    Sink sink = new Sink();
    FrameWriter w = new FrameWriter(sink);
    Thread first =
        new Thread(
            () -> {
              try {
                w.send(body(0, 0));
              } catch (IOException e) {
                throw new RuntimeException(e);
              }
            });
    first.start();
    assertTrue(sink.inFirstWrite.await(60, TimeUnit.SECONDS), "the first send is writing");
    for (int i = 1; i <= 5; i++) w.send(body(1, i)); // each returns: the writing thread has them
    sink.release.countDown();
    first.join(60_000);
    assertEquals(List.of(4 + 1, 5 * 4 + 2 + 3 + 4 + 5 + 6), sink.writes, "two writes in all");
    FrameReader r = new FrameReader(new ByteArrayInputStream(sink.bytes.toByteArray()));
    assertArrayEquals(body(0, 0), r.next());
    for (int i = 1; i <= 5; i++) assertArrayEquals(body(1, i), r.next());
    assertNull(r.next());
  }

  @Test
  void appendedFramesWaitForAFlush() throws Exception {
    Sink sink = new Sink();
    sink.release.countDown();
    FrameWriter w = new FrameWriter(sink);
    w.append(body(2, 1));
    w.append(body(2, 2));
    assertEquals(List.of(), sink.writes, "nothing written before the flush");
    w.flush();
    assertEquals(List.of(4 + 2 + 4 + 3), sink.writes, "one write for both");
    w.flush();
    assertEquals(1, sink.writes.size(), "nothing left to write");
  }

  @Test
  void anOversizedFrameIsRefusedWithItsLength() {
    FrameWriter w = new FrameWriter(OutputStream.nullOutputStream());
    IOException e =
        assertThrows(IOException.class, () -> w.append(new byte[Protocol.MAX_FRAME + 1]));
    assertTrue(e.getMessage().contains(Integer.toString(Protocol.MAX_FRAME + 1)), e.getMessage());
  }
}

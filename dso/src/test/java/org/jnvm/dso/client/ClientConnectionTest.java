package org.jnvm.dso.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.jnvm.dso.wire.CallRequest;
import org.jnvm.dso.wire.Outcome;
import org.jnvm.dso.wire.Protocol;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The callers of one connection take turns reading it: when the reader leaves, because its own
 * reply came or because its attempt timed out, a caller still waiting takes the role and reads its
 * own reply, well before its attempt timeout. Against a fake node that answers only when told.
 */
class ClientConnectionTest {
  /** Far beyond any wait below: a reply read before it ends was read by a promoted caller. */
  private static final long LONG_ATTEMPT_MS = 300_000;

  /** The bound of every wait for an event: generous, so that a busy machine does not fail it. */
  private static final long WAIT_SECONDS = 60;

  /** Shakes hands, records each request's id, and replies only when {@link #reply} is called. */
  private static final class FakeNode implements AutoCloseable {
    final ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
    final BlockingQueue<Long> requests = new LinkedBlockingQueue<>();
    private volatile Socket socket;
    private volatile DataOutputStream out;
    private final Thread acceptor = new Thread(this::serve, "fake-node");

    FakeNode() throws IOException {
      acceptor.setDaemon(true);
      acceptor.start();
    }

    String endpoint() {
      return "127.0.0.1:" + server.getLocalPort();
    }

    private void serve() {
      try {
        socket = server.accept();
        DataInputStream in = new DataInputStream(socket.getInputStream());
        out = new DataOutputStream(socket.getOutputStream());
        Protocol.readFrame(in); // the client's hello
        java.io.ByteArrayOutputStream b = new java.io.ByteArrayOutputStream();
        DataOutputStream w = new DataOutputStream(b);
        w.writeInt(Protocol.MAGIC);
        w.writeInt(Protocol.VERSION);
        w.writeByte(Protocol.HELLO_OK);
        w.writeUTF("fake");
        send(b.toByteArray());
        byte[] frame;
        while ((frame = Protocol.readFrame(in)) != null) {
          requests.add(CallRequest.reader(frame).readLong());
        }
      } catch (IOException e) {
        // closed by the test
      }
    }

    void reply(long id, String value) throws IOException {
      java.io.ByteArrayOutputStream b = new java.io.ByteArrayOutputStream();
      DataOutputStream w = new DataOutputStream(b);
      w.writeLong(id);
      w.writeByte(Protocol.REPLY_FINAL);
      w.writeUTF("");
      Outcome.value(value.getBytes(StandardCharsets.UTF_8)).write(w);
      send(b.toByteArray());
    }

    private synchronized void send(byte[] frame) throws IOException {
      Protocol.writeFrame(out, frame);
    }

    @Override
    public void close() throws IOException {
      server.close();
      if (socket != null) socket.close();
    }
  }

  private FakeNode node;
  private ClientConnection c;

  @BeforeEach
  void connect() throws IOException {
    node = new FakeNode();
    c = ClientConnection.open(node.endpoint(), 5_000, "");
  }

  @AfterEach
  void close() throws IOException {
    c.close();
    node.close();
  }

  /** Sends a call and waits for it on a new thread; the future holds the reply's value, or null. */
  private CompletableFuture<String> call(long attemptMs, long[] id) throws Exception {
    CallRequest req =
        new CallRequest(CallRequest.INVOKE, "T", "k", false, 1, 1, 0, "m", new byte[0], null);
    PendingCall p = c.send(req);
    id[0] = p.id;
    assertEquals(
        id[0], node.requests.poll(WAIT_SECONDS, TimeUnit.SECONDS), "the node got the request");
    long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(2 * LONG_ATTEMPT_MS);
    CompletableFuture<String> f = new CompletableFuture<>();
    Thread t =
        new Thread(
            () -> {
              try {
                ClientConnection.Reply r = c.await(p, attemptMs, deadline);
                f.complete(
                    r == null ? null : new String(r.outcome().value(), StandardCharsets.UTF_8));
              } catch (Throwable e) {
                f.completeExceptionally(e);
              }
            });
    t.setDaemon(true);
    t.start();
    Thread.sleep(100); // let it take the reader role, or wait behind the caller who has it
    return f;
  }

  @Test
  void whenTheReaderGetsItsReplyAWaitingCallerReadsItsOwn() throws Exception {
    long[] a = new long[1];
    long[] b = new long[1];
    CompletableFuture<String> first = call(LONG_ATTEMPT_MS, a); // the reader
    CompletableFuture<String> second = call(LONG_ATTEMPT_MS, b); // waits behind it
    node.reply(a[0], "a");
    assertEquals("a", first.get(WAIT_SECONDS, TimeUnit.SECONDS));
    Thread.sleep(200); // the first caller has left: only a promoted caller can read what follows
    node.reply(b[0], "b");
    assertEquals(
        "b", second.get(WAIT_SECONDS, TimeUnit.SECONDS), "read long before its attempt ends");
  }

  @Test
  void whenTheReadersAttemptTimesOutAWaitingCallerReadsItsOwn() throws Exception {
    long[] a = new long[1];
    long[] b = new long[1];
    CompletableFuture<String> first = call(300, a); // the reader; its reply never comes
    CompletableFuture<String> second = call(LONG_ATTEMPT_MS, b);
    assertNull(first.get(WAIT_SECONDS, TimeUnit.SECONDS), "the first attempt timed out");
    node.reply(b[0], "b");
    assertEquals(
        "b", second.get(WAIT_SECONDS, TimeUnit.SECONDS), "read long before its attempt ends");
  }
}

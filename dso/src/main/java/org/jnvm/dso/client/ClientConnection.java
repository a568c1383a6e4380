package org.jnvm.dso.client;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.jnvm.dso.DsoException;
import org.jnvm.dso.wire.CallRequest;
import org.jnvm.dso.wire.Outcome;
import org.jnvm.dso.wire.Protocol;

/**
 * One connection to one node: many calls in flight, matched to replies by id; a reader thread
 * routes replies to the waiting calls.
 */
final class ClientConnection implements AutoCloseable {
  /** A reply frame. */
  record Reply(byte status, String routeHint, Outcome outcome) {}

  final String endpoint;
  private final Socket socket;
  private final DataOutputStream out;
  private final DataInputStream in;
  private final Map<Long, PendingCall> pending = new ConcurrentHashMap<>();
  private final AtomicLong ids = new AtomicLong();
  private volatile boolean open = true;

  private ClientConnection(String endpoint, Socket socket) throws IOException {
    this.endpoint = endpoint;
    this.socket = socket;
    this.out = new DataOutputStream(new BufferedOutputStream(socket.getOutputStream()));
    this.in = new DataInputStream(new BufferedInputStream(socket.getInputStream()));
  }

  /**
   * Connects and shakes hands.
   *
   * @throws DsoException.VersionMismatch when the node speaks another protocol version
   * @throws IOException when the node cannot be reached or is not ready
   */
  static ClientConnection open(String endpoint, int timeoutMs, String token) throws IOException {
    int colon = endpoint.lastIndexOf(':');
    Socket s = new Socket();
    try {
      s.connect(
          new InetSocketAddress(
              endpoint.substring(0, colon), Integer.parseInt(endpoint.substring(colon + 1))),
          timeoutMs);
      s.setTcpNoDelay(true);
      s.setSoTimeout(timeoutMs);
      ClientConnection c = new ClientConnection(endpoint, s);
      c.handshake(token);
      s.setSoTimeout(0);
      c.startReader();
      return c;
    } catch (SocketTimeoutException e) {
      s.close();
      throw new IOException("no handshake from " + endpoint + " within " + timeoutMs + " ms", e);
    } catch (IOException | RuntimeException e) {
      s.close();
      throw e;
    }
  }

  private void handshake(String token) throws IOException {
    ByteArrayOutputStream b = new ByteArrayOutputStream();
    DataOutputStream w = new DataOutputStream(b);
    w.writeInt(Protocol.MAGIC);
    w.writeInt(Protocol.VERSION);
    w.writeUTF(token);
    Protocol.writeFrame(out, b.toByteArray());
    byte[] frame = Protocol.readFrame(in);
    if (frame == null) {
      throw new IOException(endpoint + " closed the connection during the handshake");
    }
    DataInputStream r = CallRequest.reader(frame);
    int magic = r.readInt();
    int version = r.readInt();
    byte status = r.readByte();
    String node = r.readUTF();
    if (magic != Protocol.MAGIC) {
      throw new IOException(
          endpoint + " is not a DSO server (magic 0x" + Integer.toHexString(magic) + ")");
    }
    if (status == Protocol.HELLO_VERSION || version != Protocol.VERSION) {
      throw new DsoException.VersionMismatch(
          "protocol version mismatch: client speaks "
              + Protocol.VERSION
              + ", server "
              + node
              + " at "
              + endpoint
              + " speaks "
              + version);
    }
    if (status == Protocol.HELLO_DENIED) {
      throw new DsoException.Denied(
          "node "
              + node
              + " at "
              + endpoint
              + " refused the client: wrong or missing token (DsoClient.Builder.token)");
    }
    if (status == Protocol.HELLO_NOT_READY) {
      throw new IOException(
          "node " + node + " at " + endpoint + " is not ready (still recovering)");
    }
  }

  private void startReader() {
    Thread t = new Thread(this::readLoop, "dso-client-" + endpoint);
    t.setDaemon(true);
    t.start();
  }

  private void readLoop() {
    try {
      byte[] frame;
      while ((frame = Protocol.readFrame(in)) != null) {
        DataInputStream r = CallRequest.reader(frame);
        long id = r.readLong();
        Reply reply = new Reply(r.readByte(), r.readUTF(), Outcome.read(r));
        PendingCall p = pending.get(id);
        if (p != null) {
          p.offer(reply);
        }
      }
    } catch (IOException e) {
      // connection lost: fail the calls in flight below
    } finally {
      close();
    }
  }

  /** Sends a request; replies arrive on the returned call. */
  PendingCall send(CallRequest req) throws IOException {
    long id = ids.incrementAndGet();
    PendingCall p = new PendingCall();
    pending.put(id, p);
    try {
      synchronized (out) {
        Protocol.writeFrame(out, req.encode(id));
      }
    } catch (IOException e) {
      close();
      throw e;
    }
    p.onDone(() -> pending.remove(id));
    return p;
  }

  boolean isOpen() {
    return open;
  }

  @Override
  public void close() {
    if (!open) {
      return;
    }
    open = false;
    try {
      socket.close();
    } catch (IOException ignored) {
      // closing anyway
    }
    pending.values().forEach(PendingCall::lost);
    pending.clear();
  }
}

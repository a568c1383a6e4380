package org.jnvm.dso.client;

import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.jnvm.dso.DsoException;
import org.jnvm.dso.wire.CallRequest;
import org.jnvm.dso.wire.FrameReader;
import org.jnvm.dso.wire.FrameWriter;
import org.jnvm.dso.wire.Outcome;
import org.jnvm.dso.wire.Protocol;

/**
 * One connection to one node: many calls in flight, matched to replies by id. There is no reader
 * thread: a waiting caller reads the connection itself (leader/follower), hands every reply it
 * reads to its call, and gives the role up when its own reply came, waking one caller that waits. A
 * lone caller thus reads its own reply, with no hand-off from a reader thread to it: on a busy
 * 2-core machine that wake-up was a large part of a call's latency.
 *
 * <p>Role hand-over without a lost wake-up: a caller marks itself waiting ({@link PendingCall#arm})
 * before it tries the role, and a reader clears the role before it looks for a waiting caller to
 * promote. So either the caller sees the role free, or the reader sees the caller waiting. Reads
 * time out every {@value #READ_SLICE_MS} ms (a timeout loses no byte: {@link FrameReader}), so a
 * reader also notices its own attempt's timeout and interruption.
 */
final class ClientConnection implements AutoCloseable {
  /** A reply frame. */
  record Reply(byte status, String routeHint, Outcome outcome) {}

  /** The longest a reader blocks in one read before it checks its timeout and interruption. */
  static final int READ_SLICE_MS = 100;

  final String endpoint;
  private final Socket socket;
  private final FrameWriter out;
  private final FrameReader in;
  private final Map<Long, PendingCall> pending = new ConcurrentHashMap<>();
  private final AtomicLong ids = new AtomicLong();
  private volatile boolean open = true;

  /** The caller reading the connection, or null (guarded by {@code this}). */
  private Thread reader;

  private ClientConnection(String endpoint, Socket socket) throws IOException {
    this.endpoint = endpoint;
    this.socket = socket;
    this.out = new FrameWriter(socket.getOutputStream());
    this.in = new FrameReader(socket.getInputStream());
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
      s.setSoTimeout(READ_SLICE_MS);
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
    out.send(b.toByteArray());
    byte[] frame = in.next();
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

  /**
   * Waits for {@code p}'s final reply, reading the connection while no other caller does: at most
   * {@code attemptMs} unless the call is parked, and never beyond {@code deadline}
   * (System.nanoTime) unless parked. Returns null on timeout or loss; the call is no longer pending
   * afterwards.
   */
  Reply await(PendingCall p, long attemptMs, long deadline) throws InterruptedException {
    long end = Math.min(System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(attemptMs), deadline);
    try {
      while (true) {
        p.arm();
        if (!open) p.lost(); // closed after the send: no reader will come
        if (p.finished() || (!p.wasParked() && end - System.nanoTime() <= 0)) return p.reply();
        if (takeReaderRole()) {
          try {
            readFor(p, end); // returns when p is finished, timed out or interrupted
          } finally {
            synchronized (this) {
              reader = null; // the finally below promotes a waiter
            }
          }
        } else {
          p.awaitTurn(end);
        }
        if (Thread.interrupted()) throw new InterruptedException();
      }
    } finally {
      p.disarm();
      pending.remove(p.id);
      promoteWaiter(p); // after reading, or passing on a promotion it received and did not use
    }
  }

  private synchronized boolean takeReaderRole() {
    if (reader != null || !open) return false;
    reader = Thread.currentThread();
    return true;
  }

  /**
   * If no caller reads, asks one waiting caller other than {@code self} to (see the class comment):
   * after a reader gives the role up, and when a caller leaves, in case it had been asked.
   */
  private void promoteWaiter(PendingCall self) {
    synchronized (this) {
      if (reader != null) return;
    }
    for (PendingCall q : pending.values()) {
      if (q != self && q.promote()) return;
    }
  }

  /**
   * Reads frames and hands each reply to its call until {@code p} is finished, its attempt timed
   * out (unless parked), or this thread is interrupted; a failed read closes the connection.
   */
  private void readFor(PendingCall p, long end) {
    try {
      while (!p.finished()) {
        byte[] frame;
        try {
          frame = in.next();
        } catch (SocketTimeoutException e) {
          if (Thread.currentThread().isInterrupted()) return;
          if (!p.wasParked() && end - System.nanoTime() <= 0) return;
          continue;
        }
        if (frame == null) {
          close();
          return;
        }
        deliver(frame);
      }
    } catch (IOException e) {
      close(); // connection lost: fails the calls in flight
    }
  }

  private void deliver(byte[] frame) throws IOException {
    DataInputStream r = CallRequest.reader(frame);
    long id = r.readLong();
    Reply reply = new Reply(r.readByte(), r.readUTF(), Outcome.read(r));
    PendingCall p = pending.get(id);
    if (p != null) {
      p.offer(reply); // a reply to a call that gave up is dropped
    }
  }

  /** Sends a request under a new call id; its replies arrive on the returned call. */
  PendingCall send(CallRequest req) throws IOException {
    PendingCall p = new PendingCall(ids.incrementAndGet());
    pending.put(p.id, p);
    try {
      out.send(req.encode(p.id)); // combined with other callers' requests sent meanwhile
    } catch (IOException e) {
      pending.remove(p.id);
      close();
      throw e;
    }
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

package org.jnvm.dso.server;

import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.net.Socket;
import java.util.function.Consumer;
import org.jnvm.dso.wire.CallRequest;
import org.jnvm.dso.wire.FrameReader;
import org.jnvm.dso.wire.FrameWriter;
import org.jnvm.dso.wire.Outcome;
import org.jnvm.dso.wire.Protocol;

/**
 * One client connection: handshake, then requests dispatched without waiting for each other;
 * replies are written as they complete, several to a write where they can be ({@link FrameWriter}).
 *
 * <p>A call the node completes while this connection's thread handles it (rf 1: Infinispan runs it
 * on the calling thread) replies on this thread. While the read that brought its request brought
 * more whole requests, that reply is only appended, and the replies go out together once no whole
 * request is left in the buffer (or after {@value #MAX_DEFERRED} of them): one write and one
 * wake-up of the client instead of one per call. Replies completed by other threads (the backups'
 * acknowledgements at rf >= 2, parked calls) are written at once, combined with whatever is
 * pending.
 */
final class ServerConnection {
  /** Replies a connection's thread appends before it writes them even with requests left. */
  static final int MAX_DEFERRED = 16;

  private final DsoNode node;
  private final Socket socket;
  private final Consumer<ServerConnection> onClose;
  private final FrameWriter out;
  private volatile boolean open = true;
  private volatile Thread reader;

  ServerConnection(DsoNode node, Socket socket, Consumer<ServerConnection> onClose)
      throws IOException {
    this.node = node;
    this.socket = socket;
    this.onClose = onClose;
    this.out = new FrameWriter(socket.getOutputStream());
  }

  void start() {
    Thread t = new Thread(this::run, "dso-conn-" + socket.getPort());
    t.setDaemon(true);
    reader = t;
    t.start();
  }

  private void run() {
    try {
      FrameReader in = new FrameReader(socket.getInputStream());
      if (!handshake(in)) {
        return;
      }
      byte[] frame;
      int deferred = 0;
      while ((frame = in.next()) != null) {
        DataInputStream r = CallRequest.reader(frame);
        long id = r.readLong();
        node.handle(CallRequest.decode(r), replier(id));
        if (!in.hasFrame() || ++deferred >= MAX_DEFERRED) {
          out.flush(); // before this thread can block in a read: no reply waits on a request
          deferred = 0;
        }
      }
    } catch (IOException e) {
      // the client went away or sent garbage: drop the connection
    } finally {
      close();
    }
  }

  private boolean handshake(FrameReader in) throws IOException {
    byte[] hello = in.next();
    if (hello == null) {
      return false;
    }
    DataInputStream r = CallRequest.reader(hello);
    int magic = r.readInt();
    int version = r.readInt();
    if (magic != Protocol.MAGIC) {
      return false;
    }
    byte status =
        version != Protocol.VERSION
            ? Protocol.HELLO_VERSION
            : !node.acceptsToken(r.available() > 0 ? r.readUTF() : "")
                ? Protocol.HELLO_DENIED
                : node.ready() ? Protocol.HELLO_OK : Protocol.HELLO_NOT_READY;
    ByteArrayOutputStream b = new ByteArrayOutputStream();
    DataOutputStream w = new DataOutputStream(b);
    w.writeInt(Protocol.MAGIC);
    w.writeInt(Protocol.VERSION);
    w.writeByte(status);
    w.writeUTF(node.name());
    out.send(b.toByteArray());
    return status == Protocol.HELLO_OK;
  }

  private Replier replier(long id) {
    return new Replier() {
      @Override
      public void send(byte status, String hint, Outcome outcome) {
        reply(id, status, hint, outcome);
      }

      @Override
      public boolean open() {
        return open;
      }
    };
  }

  private void reply(long id, byte status, String hint, Outcome outcome) {
    ByteArrayOutputStream b = new ByteArrayOutputStream(64);
    try {
      DataOutputStream w = new DataOutputStream(b);
      w.writeLong(id);
      w.writeByte(status);
      w.writeUTF(hint);
      outcome.write(w);
      if (Thread.currentThread() == reader) {
        out.append(b.toByteArray()); // run() flushes before it reads again
      } else {
        out.send(b.toByteArray());
      }
    } catch (IOException e) {
      close();
    }
  }

  void close() {
    if (!open) {
      return;
    }
    open = false;
    try {
      socket.close();
    } catch (IOException ignored) {
      // already closing
    }
    onClose.accept(this);
  }
}

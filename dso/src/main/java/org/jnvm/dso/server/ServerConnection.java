package org.jnvm.dso.server;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.net.Socket;
import java.util.function.Consumer;
import org.jnvm.dso.wire.CallRequest;
import org.jnvm.dso.wire.Outcome;
import org.jnvm.dso.wire.Protocol;

/**
 * One client connection: handshake, then requests dispatched without waiting for each other;
 * replies are written as they complete (writers serialized on the output stream).
 */
final class ServerConnection {
  private final DsoNode node;
  private final Socket socket;
  private final Consumer<ServerConnection> onClose;
  private final DataOutputStream out;
  private volatile boolean open = true;

  ServerConnection(DsoNode node, Socket socket, Consumer<ServerConnection> onClose)
      throws IOException {
    this.node = node;
    this.socket = socket;
    this.onClose = onClose;
    this.out = new DataOutputStream(new BufferedOutputStream(socket.getOutputStream()));
  }

  void start() {
    Thread t = new Thread(this::run, "dso-conn-" + socket.getPort());
    t.setDaemon(true);
    t.start();
  }

  private void run() {
    try (DataInputStream in =
        new DataInputStream(new BufferedInputStream(socket.getInputStream()))) {
      if (!handshake(in)) {
        return;
      }
      byte[] frame;
      while ((frame = Protocol.readFrame(in)) != null) {
        DataInputStream r = CallRequest.reader(frame);
        long id = r.readLong();
        node.handle(CallRequest.decode(r), replier(id));
      }
    } catch (IOException e) {
      // the client went away or sent garbage: drop the connection
    } finally {
      close();
    }
  }

  private boolean handshake(DataInputStream in) throws IOException {
    byte[] hello = Protocol.readFrame(in);
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
    synchronized (out) {
      Protocol.writeFrame(out, b.toByteArray());
    }
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
      synchronized (out) {
        Protocol.writeFrame(out, b.toByteArray());
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

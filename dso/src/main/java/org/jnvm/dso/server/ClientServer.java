package org.jnvm.dso.server;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Accepts client connections on the node's client port, one reader thread per connection. The port
 * is bound when the node is created, so it is known before the node is ready; until then handshakes
 * are answered "not ready".
 */
final class ClientServer implements AutoCloseable {
  private final DsoNode node;
  private final ServerSocket socket;
  private final Set<ServerConnection> connections = ConcurrentHashMap.newKeySet();
  private final Thread acceptor;

  ClientServer(DsoNode node, String bind, int port) throws IOException {
    this.node = node;
    this.socket = new ServerSocket(port, 128, InetAddress.getByName(bind));
    this.acceptor = new Thread(this::acceptLoop, "dso-accept-" + socket.getLocalPort());
    acceptor.setDaemon(true);
    acceptor.start();
  }

  int port() {
    return socket.getLocalPort();
  }

  private void acceptLoop() {
    while (!socket.isClosed()) {
      try {
        Socket s = socket.accept();
        s.setTcpNoDelay(true);
        ServerConnection c = new ServerConnection(node, s, connections::remove);
        connections.add(c);
        c.start();
      } catch (IOException e) {
        if (!socket.isClosed()) {
          System.err.println("[dso] accept failed on port " + port() + ": " + e);
        }
      }
    }
  }

  @Override
  public void close() {
    try {
      socket.close();
    } catch (IOException ignored) {
      // closing: nothing left to do with it
    }
    connections.forEach(ServerConnection::close);
  }
}

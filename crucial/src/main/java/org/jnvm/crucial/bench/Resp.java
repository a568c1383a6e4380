package org.jnvm.crucial.bench;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;

/**
 * A minimal Redis client speaking RESP2 over one socket: commands as arrays of bulk strings,
 * replies read whole (simple strings, errors, integers, bulk strings; no nested arrays needed).
 */
final class Resp implements AutoCloseable {
  private final Socket socket;
  private final OutputStream out;
  private final InputStream in;

  Resp(String host, int port) throws IOException {
    socket = new Socket(host, port);
    socket.setTcpNoDelay(true);
    out = new BufferedOutputStream(socket.getOutputStream());
    in = new BufferedInputStream(socket.getInputStream());
  }

  /** Sends a command and returns its reply: a String, Long, byte[] or null (nil bulk). */
  Object call(Object... args) throws IOException {
    out.write(('*' + Integer.toString(args.length) + "\r\n").getBytes(StandardCharsets.US_ASCII));
    for (Object a : args) {
      byte[] b = a instanceof byte[] bytes ? bytes : a.toString().getBytes(StandardCharsets.UTF_8);
      out.write(('$' + Integer.toString(b.length) + "\r\n").getBytes(StandardCharsets.US_ASCII));
      out.write(b);
      out.write('\r');
      out.write('\n');
    }
    out.flush();
    return reply();
  }

  private Object reply() throws IOException {
    int type = in.read();
    String line = line();
    switch (type) {
      case '+':
        return line;
      case '-':
        throw new IOException("redis error: " + line);
      case ':':
        return Long.parseLong(line);
      case '$':
        int n = Integer.parseInt(line);
        if (n < 0) {
          return null;
        }
        byte[] b = in.readNBytes(n + 2);
        if (b.length != n + 2) {
          throw new IOException("redis connection closed mid-reply");
        }
        return java.util.Arrays.copyOf(b, n);
      default:
        throw new IOException("unexpected RESP reply type " + type + " (" + line + ")");
    }
  }

  private String line() throws IOException {
    StringBuilder b = new StringBuilder();
    int c;
    while ((c = in.read()) != '\r') {
      if (c < 0) {
        throw new IOException("redis connection closed");
      }
      b.append((char) c);
    }
    if (in.read() != '\n') {
      throw new IOException("malformed RESP line: " + b);
    }
    return b.toString();
  }

  @Override
  public void close() throws IOException {
    socket.close();
  }
}

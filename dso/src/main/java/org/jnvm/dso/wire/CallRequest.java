package org.jnvm.dso.wire;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.Serializable;
import java.io.UncheckedIOException;

/**
 * One call on a shared object, as it travels from client to node and from node to the object's
 * owners.
 *
 * <pre>
 * byte op, UTF type, UTF key, boolean persistent, long session, long seq, long time,
 * UTF method, int n + byte[n] args, int n + byte[n] init (n = -1: none)
 * </pre>
 *
 * (session, seq) is the call's ticket: the deduplication table of the object keeps the last ticket
 * of each session and its outcome. {@code time} is the client's clock when the call was first
 * issued (a retry keeps it): it only ages out old sessions, identically on every replica. {@code
 * args} is the encoded Object[] of arguments; {@code init}, when present, the encoded initial state
 * used if the object does not exist yet.
 */
public record CallRequest(
    byte op,
    String type,
    String key,
    boolean persistent,
    long session,
    long seq,
    long time,
    String method,
    byte[] args,
    byte[] init)
    implements Serializable {
  public static final byte INVOKE = 1;
  public static final byte EXISTS = 2;
  public static final byte DELETE = 3;

  /** The cache key of the object: its type and key, which no type name can confuse. */
  public String cacheKey() {
    return type + "\n" + key;
  }

  /** Writes this request after {@code id}. */
  public byte[] encode(long id) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream(128 + args.length);
    try (DataOutputStream out = new DataOutputStream(bytes)) {
      out.writeLong(id);
      out.writeByte(op);
      out.writeUTF(type);
      out.writeUTF(key);
      out.writeBoolean(persistent);
      out.writeLong(session);
      out.writeLong(seq);
      out.writeLong(time);
      out.writeUTF(method);
      writeBytes(out, args);
      writeBytes(out, init);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return bytes.toByteArray();
  }

  /** Reads a request written by {@link #encode}; the id is read by the caller first. */
  public static CallRequest decode(DataInputStream in) throws IOException {
    return new CallRequest(
        in.readByte(),
        in.readUTF(),
        in.readUTF(),
        in.readBoolean(),
        in.readLong(),
        in.readLong(),
        in.readLong(),
        in.readUTF(),
        readBytes(in),
        readBytes(in));
  }

  /** Opens a frame body for reading. */
  public static DataInputStream reader(byte[] frame) {
    return new DataInputStream(new ByteArrayInputStream(frame));
  }

  static void writeBytes(DataOutputStream out, byte[] b) throws IOException {
    if (b == null) {
      out.writeInt(-1);
      return;
    }
    out.writeInt(b.length);
    out.write(b);
  }

  static byte[] readBytes(DataInputStream in) throws IOException {
    int n = in.readInt();
    if (n < 0) {
      return null;
    }
    if (n > Protocol.MAX_FRAME) {
      throw new IOException("bad byte array length: " + n);
    }
    byte[] b = new byte[n];
    in.readFully(b);
    return b;
  }
}

package org.jnvm.dso.server;

import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.util.Iterator;
import java.util.Map;
import java.util.TreeMap;
import java.util.zip.CRC32;
import java.util.zip.CRC32C;
import org.jnvm.dso.wire.CallRequest;

/**
 * One shared object as the caches and stores hold it: its state, its version and its deduplication
 * table, in one value, so that a call's effect and its recorded outcome are written (and
 * replicated, and stored) by the same single write.
 *
 * <pre>
 * int  MAGIC ("DSOB")
 * byte FORMAT (1)
 * UTF  type                       class name of the state
 * long version                    +1 per write; recovery keeps the highest
 * bool deleted                    a tombstone keeps the version and the table
 * int  n sessions, then n x:
 *   long session, long seq, long time (client clock at first issue),
 *   int k + byte[k] outcome       k = -1: the call is parked
 * int  k + byte[k] state          Codec-encoded state (k = -1 when deleted)
 * </pre>
 */
final class Box {
  static final int MAGIC = 0x44534F42;
  static final byte FORMAT = 1;

  /** A session's last call: its sequence number, time, and outcome (null while parked). */
  record Session(long seq, long time, byte[] outcome) {}

  final String type;
  long version;
  boolean deleted;
  byte[] state;
  final TreeMap<Long, Session> sessions;

  Box(String type, byte[] state, long version, boolean deleted, TreeMap<Long, Session> sessions) {
    this.type = type;
    this.state = state;
    this.version = version;
    this.deleted = deleted;
    this.sessions = sessions;
  }

  /** {@link #versionOf} of an absent object: below every written version (those start at 1). */
  static final long NONE = -1;

  /** Bytes before the type's name: MAGIC, FORMAT and the name's UTF length. */
  private static final int HEADER = Integer.BYTES + 1 + Short.BYTES;

  /**
   * The version of an encoded box without decoding its table and state, or {@link #NONE} for null.
   *
   * @throws IllegalStateException when {@code b} is not a box
   */
  static long versionOf(byte[] b) {
    if (b == null) {
      return NONE;
    }
    ByteBuffer in = ByteBuffer.wrap(b);
    if (b.length < HEADER || in.getInt() != MAGIC || in.get() != FORMAT) {
      return decode(b).version; // throws, with the value's magic and format in the message
    }
    int typeLength = in.getShort() & 0xFFFF;
    if (b.length < HEADER + typeLength + Long.BYTES) {
      return decode(b).version;
    }
    return in.getLong(in.position() + typeLength);
  }

  /**
   * A 64-bit fingerprint of an encoded box (CRC-32 and CRC-32C of its bytes), or 0 for null: two
   * boxes at one version with different contents differ here but for a 2^-64-scale chance.
   */
  static long fingerprint(byte[] b) {
    if (b == null) {
      return 0;
    }
    CRC32 crc = new CRC32();
    crc.update(b);
    CRC32C crcc = new CRC32C();
    crcc.update(b);
    return crc.getValue() << 32 | crcc.getValue();
  }

  static Box fresh(String type, byte[] state, long previousVersion) {
    return new Box(type, state, previousVersion, false, new TreeMap<>());
  }

  /**
   * Drops the sessions whose last call is older than {@code horizon} (client clock) and is not
   * parked. A session that retries after that long sees its call run again: the retention must
   * exceed every client's retry window (see docs/dso.md).
   */
  void ageOut(long horizon) {
    Iterator<Map.Entry<Long, Session>> it = sessions.entrySet().iterator();
    while (it.hasNext()) {
      Session s = it.next().getValue();
      if (s.time < horizon && s.outcome != null) {
        it.remove();
      }
    }
  }

  byte[] encode() {
    ByteArrayOutputStream bytes =
        new ByteArrayOutputStream(64 + (state == null ? 0 : state.length));
    try (DataOutputStream out = new DataOutputStream(bytes)) {
      out.writeInt(MAGIC);
      out.writeByte(FORMAT);
      out.writeUTF(type);
      out.writeLong(version);
      out.writeBoolean(deleted);
      out.writeInt(sessions.size());
      for (Map.Entry<Long, Session> e : sessions.entrySet()) {
        out.writeLong(e.getKey());
        out.writeLong(e.getValue().seq);
        out.writeLong(e.getValue().time);
        writeBytes(out, e.getValue().outcome);
      }
      writeBytes(out, state);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return bytes.toByteArray();
  }

  static Box decode(byte[] b) {
    try (DataInputStream in = CallRequest.reader(b)) {
      int magic = in.readInt();
      byte format = in.readByte();
      if (magic != MAGIC || format != FORMAT) {
        throw new IllegalStateException(
            "not a DSO object value: magic=0x"
                + Integer.toHexString(magic)
                + " format="
                + format
                + " (expected 0x"
                + Integer.toHexString(MAGIC)
                + " format "
                + FORMAT
                + ")");
      }
      String type = in.readUTF();
      long version = in.readLong();
      boolean deleted = in.readBoolean();
      int n = in.readInt();
      TreeMap<Long, Session> sessions = new TreeMap<>();
      for (int i = 0; i < n; i++) {
        long id = in.readLong();
        sessions.put(id, new Session(in.readLong(), in.readLong(), readBytes(in)));
      }
      return new Box(type, readBytes(in), version, deleted, sessions);
    } catch (IOException e) {
      throw new UncheckedIOException("corrupt DSO object value", e);
    }
  }

  private static void writeBytes(DataOutputStream out, byte[] b) throws IOException {
    out.writeInt(b == null ? -1 : b.length);
    if (b != null) {
      out.write(b);
    }
  }

  private static byte[] readBytes(DataInputStream in) throws IOException {
    int n = in.readInt();
    if (n < -1 || n > in.available()) {
      throw new IOException("bad length " + n + " with " + in.available() + " bytes left");
    }
    if (n < 0) {
      return null;
    }
    byte[] b = new byte[n];
    in.readFully(b);
    return b;
  }
}

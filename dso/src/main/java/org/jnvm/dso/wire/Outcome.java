package org.jnvm.dso.wire;

import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import org.jnvm.dso.DsoException;

/**
 * What a call produced, as stored in the deduplication table and sent to the client.
 *
 * <pre>
 * byte kind, int n + byte[n] value (n = -1: none), UTF detail (exception type or message),
 * UTF message
 * </pre>
 */
public record Outcome(byte kind, byte[] value, String detail, String message) {
  public static final byte VALUE = 0;
  public static final byte ERROR = 1;
  public static final byte NO_OBJECT = 2;
  public static final byte UNKNOWN_TYPE = 3;
  public static final byte REFUSED = 4;
  public static final byte PARKED = 5;

  public static Outcome value(byte[] v) {
    return new Outcome(VALUE, v, "", "");
  }

  public static Outcome error(byte kind, String detail, String message) {
    return new Outcome(kind, null, detail, message == null ? "" : message);
  }

  public static final Outcome PARKED_OUTCOME = new Outcome(PARKED, null, "", "");

  public byte[] encode() {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream(32);
    try (DataOutputStream out = new DataOutputStream(bytes)) {
      write(out);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return bytes.toByteArray();
  }

  public void write(DataOutputStream out) throws IOException {
    out.writeByte(kind);
    CallRequest.writeBytes(out, value);
    out.writeUTF(detail);
    out.writeUTF(message);
  }

  public static Outcome read(DataInputStream in) throws IOException {
    return new Outcome(in.readByte(), CallRequest.readBytes(in), in.readUTF(), in.readUTF());
  }

  public static Outcome decode(byte[] b) {
    try {
      return read(CallRequest.reader(b));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The value this outcome carries, or the exception it stands for. */
  public Object result(String what) {
    switch (kind) {
      case VALUE:
        return value == null ? null : Codec.decode(value, what);
      case ERROR:
        throw new DsoException.Remote(detail, message);
      case NO_OBJECT:
        throw new DsoException.NoSuchObject(message);
      case UNKNOWN_TYPE:
        throw new DsoException.UnknownType(message);
      case REFUSED:
        throw new DsoException.NotSerializable(message, null);
      default:
        throw new DsoException("unexpected outcome kind " + kind + " for " + what);
    }
  }
}

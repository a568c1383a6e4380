package org.jnvm.dso.wire;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;

/**
 * The client protocol: length-prefixed frames over one TCP connection, many calls in flight.
 *
 * <pre>
 * frame      = int length, byte[length] body
 * hello (c)  = int MAGIC, int VERSION, UTF token ("" when none)
 * hello (s)  = int MAGIC, int VERSION, byte status (HELLO_OK | HELLO_VERSION | HELLO_NOT_READY |
 *              HELLO_DENIED),
 *              UTF node name
 * request    = long id, CallRequest                                   (see CallRequest)
 * reply      = long id, byte status (REPLY_FINAL | REPLY_PARKED | REPLY_RETRY),
 *              UTF route hint ("host:port" of the object's primary, or ""), Outcome
 * </pre>
 *
 * A REPLY_PARKED frame is interim: the call waits on the server (a barrier, a latch) and the final
 * reply for the same id follows. REPLY_RETRY means the node could not run the call now (a topology
 * change, a node still recovering): the client retries, with the same ticket.
 */
public final class Protocol {
  /** "JDSO". */
  public static final int MAGIC = 0x4A44534F;

  /**
   * Bumped on any incompatible change of a frame or of the values in it. 2: arguments and results
   * of the common types in {@link Codec}'s binary form.
   */
  public static final int VERSION = 2;

  public static final byte HELLO_OK = 0;
  public static final byte HELLO_VERSION = 1;
  public static final byte HELLO_NOT_READY = 2;
  public static final byte HELLO_DENIED = 3;

  public static final byte REPLY_FINAL = 0;
  public static final byte REPLY_PARKED = 1;
  public static final byte REPLY_RETRY = 2;

  /** Upper bound on a frame, so a corrupt length cannot make us allocate gigabytes. */
  public static final int MAX_FRAME = 64 << 20;

  private Protocol() {}

  /** Writes one frame. Callers serialize writers of one stream. */
  public static void writeFrame(DataOutputStream out, byte[] body) throws IOException {
    out.writeInt(body.length);
    out.write(body);
    out.flush();
  }

  /** {@code len} if it is a frame length this protocol accepts, else an IOException naming it. */
  public static int checkLength(int len) throws IOException {
    if (len < 0 || len > MAX_FRAME) {
      throw new IOException("bad frame length: " + len + " (max " + MAX_FRAME + ")");
    }
    return len;
  }

  /** Reads one frame; {@code null} at a clean end of stream. */
  public static byte[] readFrame(DataInputStream in) throws IOException {
    int len;
    try {
      len = in.readInt();
    } catch (EOFException e) {
      return null;
    }
    byte[] body = new byte[checkLength(len)];
    in.readFully(body);
    return body;
  }
}

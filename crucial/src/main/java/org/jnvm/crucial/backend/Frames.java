package org.jnvm.crucial.backend;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.Map;
import org.jnvm.dso.CallJournal;

/**
 * The pipe protocol between {@link ProcessBackend} and a {@link WorkerMain} (the worker's stdin and
 * stdout). Each frame is a tag byte and its fields:
 *
 * <pre>
 * worker -> driver  READY  long pid                          once, when the worker serves
 * driver -> worker  RUN    long taskId, int attempt, long session,
 *                          int n, n x (long seq, UTF call, int k, byte[k] outcome),
 *                          int k, byte[k] task
 * worker -> driver  RECORD long seq, UTF call, int k, byte[k] outcome
 * driver -> worker  ACK                                      the record is in the journal
 * worker -> driver  DONE   int k, byte[k] result             an encoded TaskResult
 * </pre>
 *
 * A worker runs one task at a time and waits for ACK after each RECORD before its next DSO call.
 */
final class Frames {
  static final byte READY = 1;
  static final byte RUN = 2;
  static final byte RECORD = 3;
  static final byte ACK = 4;
  static final byte DONE = 5;

  /** Largest byte field accepted (a task, a result, an outcome). */
  static final int MAX_BYTES = 256 << 20;

  private Frames() {}

  static void writeBytes(DataOutputStream out, byte[] b) throws IOException {
    out.writeInt(b.length);
    out.write(b);
  }

  static byte[] readBytes(DataInputStream in) throws IOException {
    int n = in.readInt();
    if (n < 0 || n > MAX_BYTES) {
      throw new IOException("bad frame field length " + n + " (max " + MAX_BYTES + ")");
    }
    byte[] b = new byte[n];
    in.readFully(b);
    return b;
  }

  static void writeEntry(DataOutputStream out, long seq, CallJournal.Entry e) throws IOException {
    out.writeLong(seq);
    out.writeUTF(e.call());
    writeBytes(out, e.outcome());
  }

  static void writeRun(DataOutputStream out, Invocation inv) throws IOException {
    out.writeByte(RUN);
    out.writeLong(inv.taskId());
    out.writeInt(inv.attempt());
    out.writeLong(inv.journal().session());
    Map<Long, CallJournal.Entry> entries = inv.journal().snapshot();
    out.writeInt(entries.size());
    for (Map.Entry<Long, CallJournal.Entry> e : entries.entrySet()) {
      writeEntry(out, e.getKey(), e.getValue());
    }
    writeBytes(out, inv.task());
    out.flush();
  }

  static byte expect(DataInputStream in, byte... tags) throws IOException {
    byte t = in.readByte();
    for (byte ok : tags) {
      if (t == ok) {
        return t;
      }
    }
    throw new IOException("unexpected frame tag " + t + " on the worker pipe");
  }
}

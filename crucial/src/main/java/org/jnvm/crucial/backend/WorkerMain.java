package org.jnvm.crucial.backend;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.HashMap;
import java.util.Map;
import org.jnvm.dso.CallJournal;
import org.jnvm.dso.wire.TypeRegistry;

/**
 * A function instance in a JVM of its own (started by {@link ProcessBackend}): reads RUN frames on
 * stdin, runs each task with a journal that relays its records to the driver, writes DONE. The
 * task's own prints go to stderr; stdout carries only frames ({@link Frames}). The worker exits
 * when its stdin closes or its parent dies.
 *
 * <p>System properties: {@code jnvm.dso.servers} (the DSO client tasks bind to) and {@code
 * jnvm.crucial.types} (comma-separated classes to allow as DSO values, besides the library's).
 */
public final class WorkerMain {
  private final DataInputStream in;
  private final DataOutputStream out;

  private WorkerMain(DataInputStream in, DataOutputStream out) {
    this.in = in;
    this.out = out;
  }

  public static void main(String[] args) throws IOException {
    DataOutputStream out =
        new DataOutputStream(new BufferedOutputStream(new FileOutputStream(FileDescriptor.out)));
    System.setOut(System.err);
    for (String t : System.getProperty("jnvm.crucial.types", "").split(",")) {
      if (!t.isBlank()) {
        TypeRegistry.register(t.trim());
      }
    }
    ProcessHandle.current()
        .parent()
        .ifPresent(p -> p.onExit().thenRun(() -> Runtime.getRuntime().halt(3)));
    DataInputStream in = new DataInputStream(new BufferedInputStream(System.in));
    out.writeByte(Frames.READY);
    out.writeLong(ProcessHandle.current().pid());
    out.flush();
    try {
      new WorkerMain(in, out).serve();
    } catch (EOFException e) {
      // the driver closed the pipe: done
    }
    Runtime.getRuntime().halt(0);
  }

  private void serve() throws IOException {
    while (true) {
      Frames.expect(in, Frames.RUN);
      in.readLong(); // task id, for diagnostics only
      in.readInt(); // attempt
      long session = in.readLong();
      int n = in.readInt();
      Map<Long, CallJournal.Entry> recorded = new HashMap<>();
      for (int i = 0; i < n; i++) {
        long seq = in.readLong();
        recorded.put(seq, new CallJournal.Entry(in.readUTF(), Frames.readBytes(in)));
      }
      byte[] task = Frames.readBytes(in);
      byte[] result = TaskRunner.run(task, new RelayJournal(session, recorded));
      out.writeByte(Frames.DONE);
      Frames.writeBytes(out, result);
      out.flush();
    }
  }

  /** The driver's journal seen from the worker: replays what it sent, relays new records. */
  private final class RelayJournal implements CallJournal {
    private final long session;
    private final Map<Long, Entry> recorded;

    RelayJournal(long session, Map<Long, Entry> recorded) {
      this.session = session;
      this.recorded = recorded;
    }

    @Override
    public long session() {
      return session;
    }

    @Override
    public Entry recorded(long seq) {
      return recorded.get(seq);
    }

    /** Blocks until the driver acknowledges; a dead driver ends this process. */
    @Override
    public void record(long seq, Entry entry) {
      try {
        out.writeByte(Frames.RECORD);
        Frames.writeEntry(out, seq, entry);
        out.flush();
        Frames.expect(in, Frames.ACK);
      } catch (EOFException e) {
        Runtime.getRuntime().halt(0);
      } catch (IOException e) {
        throw new UncheckedIOException("lost the driver while recording call " + seq, e);
      }
    }
  }
}

package org.jnvm.crucial.backend;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import org.jnvm.dso.CallJournal;

/**
 * One worker position of a {@link ProcessBackend}: a thread that keeps a worker JVM alive and feeds
 * it attempts from the shared queue, one at a time.
 *
 * <ol>
 *   <li>start a JVM and wait for its READY frame;
 *   <li>take an attempt, send RUN, then answer each RECORD (journal, then ACK) until DONE;
 *   <li>when the pipe breaks (the JVM died), fail the attempt with {@link FunctionLostException},
 *       kill what is left of the JVM, and go back to 1.
 * </ol>
 */
final class WorkerSlot {
  private final int index;
  private final List<String> command;
  private final BlockingQueue<ProcessBackend.Pending> queue;
  private final Thread thread;
  private volatile boolean closed;
  private volatile Process process;
  private volatile int started;
  private volatile boolean ready;

  WorkerSlot(int index, List<String> command, BlockingQueue<ProcessBackend.Pending> queue) {
    this.index = index;
    this.command = command;
    this.queue = queue;
    this.thread = new Thread(this::loop, "crucial-worker-" + index);
    thread.setDaemon(true);
  }

  void start() {
    thread.start();
  }

  long pid() {
    Process p = process;
    return p != null && p.isAlive() ? p.pid() : -1;
  }

  int started() {
    return started;
  }

  /** Whether a worker JVM is up and waiting for (or running) attempts. */
  boolean ready() {
    return ready;
  }

  private void loop() {
    while (!closed) {
      Process p;
      DataInputStream in;
      DataOutputStream out;
      try {
        p = launch();
        in = new DataInputStream(new BufferedInputStream(p.getInputStream()));
        out = new DataOutputStream(new BufferedOutputStream(p.getOutputStream()));
        Frames.expect(in, Frames.READY);
        in.readLong();
        ready = true;
      } catch (IOException e) {
        if (!closed) {
          failNext("worker " + index + " could not start: " + e.getMessage(), e);
        }
        continue;
      }
      serve(p, in, out);
      ready = false;
      destroy(p);
    }
  }

  private Process launch() throws IOException {
    Process p = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT).start();
    process = p;
    started++;
    return p;
  }

  /** Runs attempts on this JVM until its pipe breaks or the slot closes. */
  private void serve(Process p, DataInputStream in, DataOutputStream out) {
    while (!closed) {
      ProcessBackend.Pending job;
      try {
        job = queue.take();
      } catch (InterruptedException e) {
        return;
      }
      try {
        job.result().complete(runOn(job.invocation(), in, out));
      } catch (IOException e) {
        job.result()
            .completeExceptionally(
                new FunctionLostException(
                    "worker "
                        + index
                        + " (pid "
                        + p.pid()
                        + ") died running task "
                        + job.invocation().taskId()
                        + " attempt "
                        + job.invocation().attempt()
                        + ": "
                        + e,
                    e));
        return;
      }
    }
  }

  private static byte[] runOn(Invocation inv, DataInputStream in, DataOutputStream out)
      throws IOException {
    Frames.writeRun(out, inv);
    while (Frames.expect(in, Frames.RECORD, Frames.DONE) == Frames.RECORD) {
      long seq = in.readLong();
      CallJournal.Entry e = new CallJournal.Entry(in.readUTF(), Frames.readBytes(in));
      inv.journal().record(seq, e);
      out.writeByte(Frames.ACK);
      out.flush();
    }
    return Frames.readBytes(in);
  }

  private void failNext(String why, IOException cause) {
    try {
      ProcessBackend.Pending job = queue.poll(1, TimeUnit.SECONDS);
      if (job != null) {
        job.result().completeExceptionally(new FunctionLostException(why, cause));
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private static void destroy(Process p) {
    p.destroyForcibly();
    try {
      p.waitFor(10, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  void close() {
    closed = true;
    thread.interrupt();
    Process p = process;
    if (p != null) {
      destroy(p);
    }
  }
}

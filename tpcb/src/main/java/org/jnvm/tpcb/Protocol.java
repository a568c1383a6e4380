package org.jnvm.tpcb;

import java.io.BufferedOutputStream;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/**
 * The lines a bank JVM prints on its standard output for the driver, one per event:
 *
 * <pre>
 * PHASE main EPOCH_MS            main() entered
 * PHASE ready EPOCH_MS NANOS     cache started and preloaded; NANOS: heap recovery, -1 if none
 * PHASE loaded EPOCH_MS LOADED   bank loaded (LOADED: 1 if this start loaded it, 0 if found)
 * PHASE first EPOCH_MS           first transaction committed
 * ACK TXID                       transaction TXID committed (the client saw the commit)
 * ABORTS N                       transactions that failed so far (printed at the end)
 * PHASE done EPOCH_MS            stopped cleanly
 * CHECK violation TEXT | CHECK history N | CHECK result OK|FAIL VIOLATIONS
 * </pre>
 *
 * Lines are buffered and flushed every {@value #FLUSH_MILLIS} ms: a commit whose ACK had not left
 * the process when it was killed was never seen by the client, which is what the check assumes.
 */
final class Protocol {
  static final long FLUSH_MILLIS = 5;

  private final PrintStream out =
      new PrintStream(
          new BufferedOutputStream(new FileOutputStream(FileDescriptor.out), 1 << 16),
          false,
          StandardCharsets.UTF_8);

  Protocol() {
    Thread flusher =
        new Thread(
            () -> {
              while (true) {
                try {
                  Thread.sleep(FLUSH_MILLIS);
                } catch (InterruptedException e) {
                  return;
                }
                flush();
              }
            },
            "tpcb-protocol-flusher");
    flusher.setDaemon(true);
    flusher.start();
  }

  synchronized void phase(String name, Object... rest) {
    out.print("PHASE " + name + " " + System.currentTimeMillis());
    for (Object r : rest) out.print(" " + r);
    out.println();
  }

  synchronized void ack(long txid) {
    out.println("ACK " + txid);
  }

  synchronized void line(String text) {
    out.println(text);
  }

  synchronized void flush() {
    out.flush();
  }
}

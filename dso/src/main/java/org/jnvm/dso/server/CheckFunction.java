package org.jnvm.dso.server;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.Serializable;
import java.io.UncheckedIOException;
import java.util.function.Function;
import org.infinispan.functional.EntryView.ReadWriteEntryView;
import org.jnvm.dso.objects.Ticket;
import org.jnvm.dso.wire.Outcome;

/**
 * Reads, on the primary and without writing, the outcomes recorded for parked tickets: for each
 * ticket, {@code int k + byte[k]} (k = -1: still parked). A ticket whose object is gone, or whose
 * session moved on, gets a NO_OBJECT outcome so its caller stops waiting.
 */
final class CheckFunction
    implements Function<ReadWriteEntryView<String, byte[]>, byte[]>, Serializable {
  private static final long serialVersionUID = 1L;

  private final Ticket[] tickets;

  CheckFunction(Ticket[] tickets) {
    this.tickets = tickets;
  }

  @Override
  public byte[] apply(ReadWriteEntryView<String, byte[]> view) {
    Box box = view.find().map(Box::decode).orElse(null);
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (DataOutputStream out = new DataOutputStream(bytes)) {
      for (Ticket t : tickets) {
        byte[] o = outcome(box, t);
        out.writeInt(o == null ? -1 : o.length);
        if (o != null) {
          out.write(o);
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return bytes.toByteArray();
  }

  private static byte[] outcome(Box box, Ticket t) {
    Box.Session s = box == null || box.deleted ? null : box.sessions.get(t.session());
    if (s == null || s.seq() != t.seq()) {
      return Outcome.error(
              Outcome.NO_OBJECT,
              "",
              "the object holding parked call " + t + " was lost or deleted while the call waited")
          .encode();
    }
    return s.outcome();
  }
}

package org.jnvm.dso.server;

import java.io.DataInputStream;
import java.io.Externalizable;
import java.io.IOException;
import java.io.ObjectInput;
import java.io.ObjectOutput;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.List;
import java.util.function.Function;
import org.infinispan.functional.EntryView.ReadWriteEntryView;
import org.jnvm.dso.DsoException;
import org.jnvm.dso.objects.Calls;
import org.jnvm.dso.objects.ReadOnly;
import org.jnvm.dso.objects.Ticket;
import org.jnvm.dso.wire.CallRequest;
import org.jnvm.dso.wire.Codec;
import org.jnvm.dso.wire.Outcome;
import org.jnvm.dso.wire.Protocol;
import org.jnvm.dso.wire.TypeRegistry;

/**
 * Runs one call on the object's entry: on the primary owner under its lock, then again on each
 * backup with the same input, which yields the same write because shared object methods are
 * deterministic and everything else read here (state, table, request) is replicated.
 *
 * <p>Steps: (1) decode the box, or create it from the request's initial state; (2) answer a ticket
 * already in the table from the table (a retry: never applied twice); (3) invoke the method in a
 * {@link Calls} context; (4) record the outcome (or the parked ticket) and the outcomes of the
 * calls it completed; (5) write the box once. The result is a byte flag (1 when parked calls were
 * completed, so their nodes must be woken) followed by the encoded outcome.
 *
 * <p>The function travels to the backups in the request's own binary encoding ({@link
 * Externalizable}, {@link CallRequest#encode}): default serialization of the function and its
 * record would describe every field of both classes in every message, which cost about a tenth of a
 * replicating node's CPU.
 *
 * <p><b>The primary's outcome travels with it.</b> Infinispan marshals the function for the backups
 * after the primary has run it, so the message also carries what that run produced ({@link
 * Shipped}): the version and a 64-bit fingerprint of the box it started from, the box it wrote (or
 * none) and its reply. A backup whose box has that same version and fingerprint copies the written
 * box instead of running the method again: the same bytes the re-run would produce, since the
 * method is deterministic and its input is the same box (up to a fingerprint collision). Any other
 * backup runs the request as before: one behind or ahead after a topology change, one whose box has
 * the version but not the content (a backup command rejected by a topology change and retried after
 * later calls can leave replicas at one version with their calls in different orders), or a retried
 * command carrying an earlier attempt's outcome. So at rf n a call normally runs its method once,
 * not n times, and the backups skip decoding, invoking and re-encoding the state. Boxes or replies
 * over {@link #SHIP_LIMIT} are not shipped: the backups re-run those calls, so no object's size is
 * bounded by the message's.
 */
final class InvokeFunction
    implements Function<ReadWriteEntryView<String, byte[]>, byte[]>, Externalizable {
  private static final long serialVersionUID = 3L;

  /** The largest box or reply shipped to the backups (1 MiB); larger outcomes are re-run there. */
  static final int SHIP_LIMIT = 1 << 20;

  /** Sessions idle longer than this (client clock) leave the table: 15 minutes. */
  static final long RETENTION_MS = 15 * 60_000L;

  private CallRequest req;

  /** The outcome of the last run of this function on a box, or null before any run. */
  private Shipped shipped;

  /** The box written at this node by the last run (null: no write), set by {@link #write}. */
  private byte[] written;

  /**
   * What a run produced: the version and {@link Box#fingerprint} of the box it read ({@link
   * Box#NONE} and 0 when absent), the box it wrote (null when it wrote nothing) and the function's
   * return value. After a local run the fingerprint is computed from the box read when first
   * needed, so a call whose function never travels (no backups, no retry) never computes it.
   */
  static final class Shipped {
    private final long before;
    private final byte[] box;
    private final byte[] reply;
    private byte[] read; // the box read, until its fingerprint is taken
    private long fingerprint;

    private Shipped(long before, byte[] read, long fingerprint, byte[] box, byte[] reply) {
      this.before = before;
      this.read = read;
      this.fingerprint = fingerprint;
      this.box = box;
      this.reply = reply;
    }

    static Shipped ran(long before, byte[] read, byte[] box, byte[] reply) {
      return new Shipped(before, read, 0, box, reply);
    }

    static Shipped received(long before, long fingerprint, byte[] box, byte[] reply) {
      return new Shipped(before, null, fingerprint, box, reply);
    }

    long before() {
      return before;
    }

    byte[] box() {
      return box;
    }

    byte[] reply() {
      return reply;
    }

    long fingerprint() {
      if (read != null) {
        fingerprint = Box.fingerprint(read);
        read = null;
      }
      return fingerprint;
    }

    /** Whether this outcome was computed from {@code current}, the box at this replica. */
    boolean readFrom(byte[] current) {
      return before == Box.versionOf(current) && fingerprint() == Box.fingerprint(current);
    }

    boolean fitsAMessage() {
      return (box == null || box.length <= SHIP_LIMIT) && reply.length <= SHIP_LIMIT;
    }
  }

  InvokeFunction(CallRequest req) {
    this.req = req;
  }

  /** For deserialization only: {@link #readExternal} sets the request. */
  public InvokeFunction() {}

  /**
   * Message layout: {@code int n, byte[n]} the encoded request, {@code bool} whether an outcome
   * follows, then {@code long before, long fingerprint, int k + byte[k] box (k = -1: no write), int
   * k + byte[k] reply}.
   */
  @Override
  public void writeExternal(ObjectOutput out) throws IOException {
    writeBytes(out, req.encode(0));
    Shipped s = shipped;
    boolean ship = s != null && s.fitsAMessage();
    out.writeBoolean(ship);
    if (ship) {
      out.writeLong(s.before());
      out.writeLong(s.fingerprint());
      writeBytes(out, s.box());
      writeBytes(out, s.reply());
    }
  }

  @Override
  public void readExternal(ObjectInput in) throws IOException {
    byte[] b = readBytes(in, "call request");
    if (b == null) {
      throw new IOException("a call message without its request");
    }
    DataInputStream r = CallRequest.reader(b);
    r.readLong(); // the id slot of the client frame's encoding, unused here
    req = CallRequest.decode(r);
    if (in.readBoolean()) {
      long before = in.readLong();
      long fingerprint = in.readLong();
      byte[] box = readBytes(in, "shipped box");
      byte[] reply = readBytes(in, "shipped reply");
      if (reply == null) {
        throw new IOException("shipped outcome without a reply for " + req.cacheKey());
      }
      shipped = Shipped.received(before, fingerprint, box, reply);
    }
  }

  private static void writeBytes(ObjectOutput out, byte[] b) throws IOException {
    out.writeInt(b == null ? -1 : b.length);
    if (b != null) {
      out.write(b);
    }
  }

  private static byte[] readBytes(ObjectInput in, String what) throws IOException {
    int n = in.readInt();
    if (n < -1 || n > Protocol.MAX_FRAME) {
      throw new IOException("bad " + what + " length: " + n);
    }
    if (n < 0) {
      return null;
    }
    byte[] b = new byte[n];
    in.readFully(b);
    return b;
  }

  @Override
  public byte[] apply(ReadWriteEntryView<String, byte[]> view) {
    byte[] current = view.find().orElse(null);
    Shipped s = shipped;
    if (s != null && s.readFrom(current)) {
      if (s.box() != null) {
        view.set(s.box());
      }
      return s.reply();
    }
    shipped = null;
    written = null;
    byte[] reply;
    try {
      reply = run(view, current == null ? null : Box.decode(current));
    } catch (DsoException.NotSerializable e) {
      reply = reply(false, Outcome.error(Outcome.REFUSED, "", e.getMessage()));
    }
    shipped = Shipped.ran(Box.versionOf(current), current, written, reply);
    return reply;
  }

  /** The outcome of the last run, or null before any (tests). */
  Shipped shipped() {
    return shipped;
  }

  private byte[] run(ReadWriteEntryView<String, byte[]> view, Box box) {
    if (req.op() == CallRequest.EXISTS) {
      return reply(false, bool(box != null && !box.deleted));
    }
    boolean created = box == null || box.deleted;
    if (created) {
      byte[] refused = refuseCreation();
      if (refused != null) {
        return refused;
      }
      box = Box.fresh(req.type(), req.init(), box == null ? 0 : box.version);
    }
    byte[] answered = fromTable(box);
    if (answered != null) {
      return answered;
    }
    if (req.op() == CallRequest.DELETE) {
      box.deleted = true;
      box.state = null;
      return write(view, box, bool(true), List.of());
    }
    if (req.method().isEmpty()) {
      return created ? write(view, box, bool(true), List.of()) : reply(false, bool(false));
    }
    return invoke(view, box, created);
  }

  /**
   * Why the absent object cannot be created by this request (a reply), or null: a delete of
   * nothing, a call without initial state, an unregistered type, an initial state not allowed.
   */
  private byte[] refuseCreation() {
    if (req.op() == CallRequest.DELETE) {
      return reply(false, bool(false));
    }
    if (req.init() == null) {
      return reply(false, Outcome.error(Outcome.NO_OBJECT, "", noObject()));
    }
    if (!TypeRegistry.isRegistered(req.type())) {
      return reply(false, Outcome.error(Outcome.UNKNOWN_TYPE, req.type(), unknownType()));
    }
    Codec.decode(req.init(), "initial state of " + req.type());
    return null;
  }

  /** The answer the table already holds for this ticket (a retry), or null for a new call. */
  private byte[] fromTable(Box box) {
    Box.Session last = box.sessions.get(req.session());
    if (last == null || last.seq() < req.seq()) {
      return null;
    }
    if (last.seq() > req.seq()) {
      return reply(false, Outcome.error(Outcome.ERROR, "IllegalStateException", stale(last)));
    }
    return reply(
        false, last.outcome() == null ? Outcome.PARKED_OUTCOME : Outcome.decode(last.outcome()));
  }

  private static Outcome bool(boolean b) {
    return Outcome.value(Codec.encode(b, "result"));
  }

  private byte[] invoke(ReadWriteEntryView<String, byte[]> view, Box box, boolean created) {
    Object state = Codec.decode(box.state, "state of " + req.type());
    Object[] args = (Object[]) Codec.decode(req.args(), "arguments of " + req.method());
    Method m;
    try {
      m = MethodTable.find(state.getClass(), req.method(), args);
    } catch (NoSuchMethodException e) {
      return reply(false, Outcome.error(Outcome.ERROR, "NoSuchMethodException", e.getMessage()));
    }
    Calls ctx = Calls.open(new Ticket(req.session(), req.seq()));
    Object result;
    List<Object[]> completions;
    try {
      result = m.invoke(state, args);
    } catch (InvocationTargetException e) {
      Throwable c = e.getCause();
      return reply(
          false,
          Outcome.error(Outcome.ERROR, c.getClass().getName(), String.valueOf(c.getMessage())));
    } catch (IllegalAccessException e) {
      return reply(false, Outcome.error(Outcome.ERROR, "IllegalAccessException", e.getMessage()));
    } finally {
      completions = ctx.close();
    }
    Outcome outcome =
        result == Calls.PARKED
            ? null
            : Outcome.value(
                m.getReturnType() == void.class
                    ? null
                    : Codec.encode(result, "result of " + req.method()));
    if (m.isAnnotationPresent(ReadOnly.class)
        && !created
        && completions.isEmpty()
        && outcome != null) {
      return reply(false, outcome);
    }
    box.state = Codec.encode(state, "state of " + req.type());
    return write(view, box, outcome, completions);
  }

  /** Records the outcomes in the table, bumps the version and writes the box once. */
  private byte[] write(
      ReadWriteEntryView<String, byte[]> view,
      Box box,
      Outcome outcome,
      List<Object[]> completions) {
    box.sessions.put(
        req.session(),
        new Box.Session(req.seq(), req.time(), outcome == null ? null : outcome.encode()));
    int woken = 0;
    for (Object[] c : completions) {
      Ticket t = (Ticket) c[0];
      Box.Session s = box.sessions.get(t.session());
      if (s != null && s.seq() == t.seq() && s.outcome() == null) {
        byte[] v = Outcome.value(Codec.encode(c[1], "value completing a parked call")).encode();
        box.sessions.put(t.session(), new Box.Session(s.seq(), s.time(), v));
        woken++;
      }
    }
    box.ageOut(req.time() - RETENTION_MS);
    box.version++;
    written = box.encode();
    view.set(written);
    return reply(woken > 0, outcome == null ? Outcome.PARKED_OUTCOME : outcome);
  }

  private static byte[] reply(boolean wake, Outcome o) {
    byte[] body = o.encode();
    byte[] r = new byte[body.length + 1];
    r[0] = (byte) (wake ? 1 : 0);
    System.arraycopy(body, 0, r, 1, body.length);
    return r;
  }

  private String noObject() {
    return "no shared object "
        + req.type()
        + " '"
        + req.key()
        + "' in the "
        + (req.persistent() ? "persistent" : "ephemeral")
        + " objects: never created, deleted, or ephemeral and lost with its node";
  }

  private String unknownType() {
    return "unknown shared object type "
        + req.type()
        + " for key '"
        + req.key()
        + "': register it on every server (dso-server --types "
        + req.type()
        + ")";
  }

  private String stale(Box.Session last) {
    return "stale call: session "
        + req.session()
        + " seq "
        + req.seq()
        + " is older than the last recorded call seq "
        + last.seq();
  }
}

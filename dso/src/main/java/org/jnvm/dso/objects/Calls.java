package org.jnvm.dso.objects;

import java.util.ArrayList;
import java.util.List;

/**
 * What a shared object's method may know about the call running it, and how it parks and completes
 * calls. The server sets the context around each method invocation, on the primary and again on
 * each backup, so everything read here is the same on every replica (methods must stay
 * deterministic: no clocks, no randomness, no I/O).
 *
 * <p>A method that cannot answer yet returns {@link #park()}: the caller's ticket stays pending in
 * the object and the caller waits, holding no thread and no lock. A later call completes it with
 * {@link #complete(Ticket, Object)}; the server then delivers that value as the parked call's
 * reply.
 */
public final class Calls {
  /** Returned by a method to park its caller. */
  public static final Object PARKED = new Object();

  private static final ThreadLocal<Calls> CURRENT = new ThreadLocal<>();

  private final Ticket ticket;
  private final List<Object[]> completions = new ArrayList<>();

  private Calls(Ticket ticket) {
    this.ticket = ticket;
  }

  /** The ticket of the call being executed. */
  public static Ticket ticket() {
    return current().ticket;
  }

  /** The value a method returns to park its caller. */
  public static Object park() {
    current();
    return PARKED;
  }

  /** Completes a parked call with {@code value} (delivered once this call is durable). */
  public static void complete(Ticket parked, Object value) {
    current().completions.add(new Object[] {parked, value});
  }

  private static Calls current() {
    Calls c = CURRENT.get();
    if (c == null) {
      throw new IllegalStateException("Calls used outside a shared object call on a DSO server");
    }
    return c;
  }

  /** Server side: opens the context for one call. */
  public static Calls open(Ticket ticket) {
    Calls c = new Calls(ticket);
    CURRENT.set(c);
    return c;
  }

  /** Server side: closes the context and returns the completions, as (Ticket, value) pairs. */
  public List<Object[]> close() {
    // set(null), not remove(): remove() clears the map entry's weak reference, a JNI call on JDK
    // 17 that took a third of a node's CPU samples under load; the entry is reused by the next
    // call.
    CURRENT.set(null);
    return completions;
  }
}

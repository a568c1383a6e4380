package org.jnvm.dso.objects;

import java.io.Serializable;

/**
 * Names one call: the caller's session and the call's sequence number in it. Synchronization
 * objects keep the tickets of parked calls in their state and complete them later by ticket.
 */
public record Ticket(long session, long seq) implements Serializable {}

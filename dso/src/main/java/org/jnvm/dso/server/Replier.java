package org.jnvm.dso.server;

import org.jnvm.dso.wire.Outcome;

/** Sends the reply frames of one client request. */
interface Replier {
  void send(byte status, String routeHint, Outcome outcome);

  /** Whether the client connection is still open (a closed one drops its parked calls). */
  boolean open();
}

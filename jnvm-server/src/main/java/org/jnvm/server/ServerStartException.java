package org.jnvm.server;

import java.nio.file.Path;

/** A node that did not start: why, and the errors of its log. */
public final class ServerStartException extends RuntimeException {
  private final String errors;

  ServerStartException(String node, String why, String errors, Path log) {
    super("node " + node + " did not start (" + why + "; log " + log + "):\n" + errors);
    this.errors = errors;
  }

  /** The error lines of the node's log (and its console's tail when the log says nothing). */
  public String errors() {
    return errors;
  }
}

package org.jnvm.dso.server;

import java.util.List;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Keeps the libraries' start-up chatter (Infinispan, JGroups, JBoss: java.util.logging at INFO) off
 * the console of J-NVM's commands, warnings and errors still shown. The loggers are held here:
 * java.util.logging keeps only weak references, and a collected logger forgets its level.
 */
public final class QuietLogs {
  private static final List<Logger> HELD =
      List.of(
          Logger.getLogger("org.infinispan"),
          Logger.getLogger("org.jgroups"),
          Logger.getLogger("org.jboss"));

  private QuietLogs() {}

  /** Sets the libraries' loggers to WARNING. */
  public static void apply() {
    for (Logger l : HELD) l.setLevel(Level.WARNING);
  }
}

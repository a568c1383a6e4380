package org.jnvm.dso.server;

/** {@link CountingCell}'s interface for clients (tests). */
public interface Cell {
  long add(long d);
}

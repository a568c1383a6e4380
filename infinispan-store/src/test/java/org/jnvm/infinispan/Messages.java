package org.jnvm.infinispan;

/** Exception chains as one string, to check that a failure's message reached the user. */
public final class Messages {
  private Messages() {}

  public static String chain(Throwable t) {
    StringBuilder b = new StringBuilder();
    for (Throwable c = t; c != null; c = c.getCause()) {
      b.append(c.getClass().getSimpleName()).append(": ").append(c.getMessage()).append(" <- ");
      for (Throwable s : c.getSuppressed()) b.append("[suppressed ").append(chain(s)).append("] ");
    }
    return b.toString();
  }
}

package org.jnvm.codegen;

import java.util.Locale;

/** Which methods of a persistent class run as failure-atomic blocks ({@code @Persistent(fa)}). */
public enum FaMode {
  /** No method: stores are persistent stores written back at once (see docs/codegen.md). */
  NONE("none"),
  /** Every non-private instance method. */
  NON_PRIVATE("non-private"),
  /** Every instance method. */
  ALL("all");

  private final String text;

  FaMode(String text) {
    this.text = text;
  }

  /** The mode named {@code s} as written in the annotation, or null if there is none. */
  public static FaMode parse(String s) {
    for (FaMode m : values()) {
      if (m.text.equals(s.toLowerCase(Locale.ROOT))) return m;
    }
    return null;
  }

  public String text() {
    return text;
  }
}

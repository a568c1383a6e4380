package org.jnvm.core;

/**
 * A {@code @Persistent} class reached the JVM as compiled, not as the code generator rewrites it:
 * its objects are plain Java objects and its heap objects have no proxy. The message says how to
 * transform it ({@link #HOW}).
 */
public class NotTransformedException extends JnvmException {
  private static final long serialVersionUID = 1L;

  /** Where the code generator runs, for messages about a class that missed it. */
  public static final String HOW =
      "a @Persistent class must be transformed by the code generator before it runs:"
          + " jnvm-maven-plugin's goal transform (phase compile; an IDE build must run it too),"
          + " bin/jnvm codegen CLASSES_DIR, or at load time"
          + " -javaagent:jnvm-codegen-VERSION-agent.jar=PACKAGE_PREFIX (docs/codegen.md)";

  /** {@code what} (the rule broken and the values), then {@link #HOW}. */
  public NotTransformedException(String what) {
    super(what + " (" + HOW + ")");
  }
}

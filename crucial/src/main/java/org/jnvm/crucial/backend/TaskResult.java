package org.jnvm.crucial.backend;

import java.io.Serializable;

/**
 * What a finished task sends back: its value, or the exception it threw (then {@code value} is
 * null). An exception that cannot be serialized travels as a {@link RuntimeException} carrying its
 * class name, message and stack trace.
 */
public record TaskResult(Object value, Throwable error) implements Serializable {
  private static final long serialVersionUID = 1L;
}

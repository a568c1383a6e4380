package org.jnvm.dso;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a field whose object is shared through the DSO layer. {@link DsoClient#inject} replaces the
 * field's (local, initial) object by a proxy of the shared object named (type, key): the local
 * object is the initial state used if the shared object does not exist yet.
 *
 * <pre>
 * &#64;Shared(key = "counter", persistent = true) AtomicLong counter = new AtomicLong(0);
 * &#64;Shared(key = "delta") Delta delta = new GlobalDelta();   // user type behind an interface
 * </pre>
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.FIELD)
public @interface Shared {
  /** The object's key; empty: the field's name. */
  String key() default "";

  /** Persistent objects are replicated on rf nodes and survive every node's death. */
  boolean persistent() default false;
}

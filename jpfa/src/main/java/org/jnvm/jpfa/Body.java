package org.jnvm.jpfa;

/**
 * The code of a failure-atomic block that returns nothing; it may throw {@code E} (inferred, so a
 * lambda that throws no checked exception needs no {@code throws}).
 */
@FunctionalInterface
public interface Body<E extends Throwable> {
  void run() throws E;
}

package org.jnvm.jpfa;

/** The code of a failure-atomic block that returns a value; it may throw {@code E}. */
@FunctionalInterface
public interface ValueBody<T, E extends Throwable> {
  T call() throws E;
}

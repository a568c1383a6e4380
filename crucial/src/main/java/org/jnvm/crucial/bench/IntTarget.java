package org.jnvm.crucial.bench;

/**
 * A system holding the experiment's shared integers, seen from one worker JVM: each client thread
 * gets its own {@link Op} (its own connections where the client library needs them).
 */
interface IntTarget extends AutoCloseable {
  /** The operation on integer {@code object} (0-based), {@code times} multiplications. */
  @FunctionalInterface
  interface Op {
    long multiply(int object, int times) throws Exception;
  }

  /** The operation for client thread {@code thread} (0-based, fewer than the worker's threads). */
  Op op(int thread);

  @Override
  void close();
}

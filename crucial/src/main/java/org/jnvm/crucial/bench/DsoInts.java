package org.jnvm.crucial.bench;

import org.jnvm.dso.DsoClient;

/**
 * The shared integers as persistent DSO objects ({@link SharedInt}, keys {@code tp-0...}): one
 * client per JVM (it is thread-safe and multiplexes its threads' calls), one proxy per object, and
 * each client thread has its own session. Creating a proxy creates the object if it is missing.
 */
final class DsoInts implements IntTarget {
  static final String KEY_PREFIX = "tp-";

  private final DsoClient dso;
  private final SharedInt[] objects;

  DsoInts(String endpoints, int count) {
    dso = DsoClient.connect(endpoints);
    objects = new SharedInt[count];
    try {
      for (int i = 0; i < count; i++) {
        objects[i] = dso.shared(SharedInt.class, KEY_PREFIX + i, true, new SharedInt());
      }
    } catch (RuntimeException e) {
      dso.close();
      throw e;
    }
  }

  @Override
  public Op op(int thread) {
    return (object, times) -> objects[object].multiply(times);
  }

  @Override
  public void close() {
    dso.close();
  }
}

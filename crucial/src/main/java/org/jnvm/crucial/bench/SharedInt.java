package org.jnvm.crucial.bench;

import java.io.Serializable;
import org.jnvm.dso.objects.ReadOnly;

/**
 * The throughput experiment's shared integer (a user-defined shared object, like the seed's): its
 * operation runs where the object lives, under the object's lock, on each replica.
 */
public class SharedInt implements Serializable {
  private static final long serialVersionUID = 1L;

  private long value = Multiply.START;

  public SharedInt() {}

  /** {@code times} multiplications ({@link Multiply#apply}); returns the new value. */
  public long multiply(int times) {
    value = Multiply.apply(value, times);
    return value;
  }

  @ReadOnly
  public long get() {
    return value;
  }
}

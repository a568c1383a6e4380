package org.jnvm.infinispan.evo;

import org.jnvm.core.heap.Heap;
import org.jnvm.core.heap.PObject;
import org.jnvm.core.heap.PersistentClass;

/**
 * The second release of {@link ReadingV1}: renamed ({@code formerNames}), {@code celsius} widened
 * to a long and moved, {@code sensor} moved, a timestamp added in front.
 *
 * <pre>
 *   v1 payload 0         4        8      v2 payload 0     8         16       20
 *   +---------+--------+                 +-------+---------+--------+
 *   | celsius | sensor |                 | at    | celsius | sensor |
 *   | int     | int    |                 | long  | long    | int    |
 *   +---------+--------+                 +-------+---------+--------+
 * </pre>
 */
public final class Reading extends PObject {
  static final int AT = 0;
  static final int CELSIUS = 8;
  static final int SENSOR = 16;

  public static final PersistentClass<Reading> TYPE =
      PersistentClass.builder(
              Reading.class.getName(), (h, a) -> new Reading(h, a, (Resurrect) null))
          .fixedSize(20)
          .layout("at:long@0 celsius:long@8 sensor:int@16")
          .formerNames(ReadingV1.class.getName())
          .build();

  public Reading(Heap heap, long at, long celsius, int sensor) {
    super(heap, TYPE);
    setLong(AT, at);
    setLong(CELSIUS, celsius);
    setInt(SENSOR, sensor);
  }

  private Reading(Heap heap, long address, Resurrect r) {
    super(heap, address, r);
  }

  public long at() {
    return getLong(AT);
  }

  public long celsius() {
    return getLong(CELSIUS);
  }

  public int sensor() {
    return getInt(SENSOR);
  }
}

package org.jnvm.core.pmem;

import java.util.Arrays;

/**
 * The live mappings, for the "every flushed address comes from a live mapping" check and for the
 * msync backend. Copy-on-write: lookups read one volatile array, updates are rare.
 */
final class Mappings {
  private static volatile Mapping[] live = new Mapping[0];

  private Mappings() {}

  static synchronized void add(Mapping m) {
    Mapping[] next = Arrays.copyOf(live, live.length + 1);
    next[next.length - 1] = m;
    live = next;
  }

  static synchronized void remove(Mapping m) {
    live = Arrays.stream(live).filter(x -> x != m).toArray(Mapping[]::new);
  }

  /** The mapping holding {@code address}, or null. */
  static Mapping find(long address) {
    for (Mapping m : live) {
      if (m.contains(address)) {
        return m;
      }
    }
    return null;
  }

  static Mapping require(long address, String operation) {
    Mapping m = find(address);
    if (m == null) {
      throw new IllegalStateException(
          operation
              + " of an address outside every live heap mapping (a stale proxy after close?):"
              + " address=0x"
              + Long.toHexString(address));
    }
    return m;
  }
}

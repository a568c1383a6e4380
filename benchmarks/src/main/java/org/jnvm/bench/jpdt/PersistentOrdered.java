package org.jnvm.bench.jpdt;

import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/** The ordered J-PDT map alone, for range scans. */
@State(Scope.Thread)
public class PersistentOrdered extends PersistentBase {
  @Override
  MapKind kind() {
    return MapKind.SKIPLIST;
  }
}

package org.jnvm.bench.jpdt;

import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/** The ordered twin alone, for range scans. */
@State(Scope.Thread)
public class TwinOrdered extends TwinBase {
  @Override
  MapKind kind() {
    return MapKind.SKIPLIST;
  }
}

package org.jnvm.bench.jpdt;

import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/** The java.util twin of each kind. */
@State(Scope.Thread)
public class TwinMap extends TwinBase {
  @Param({"HASH", "CONCURRENT", "SKIPLIST"})
  public MapKind kind;

  @Override
  MapKind kind() {
    return kind;
  }
}

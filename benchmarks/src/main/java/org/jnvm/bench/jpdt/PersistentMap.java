package org.jnvm.bench.jpdt;

import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/** A J-PDT map of each kind. */
@State(Scope.Thread)
public class PersistentMap extends PersistentBase {
  @Param({"HASH", "CONCURRENT", "SKIPLIST"})
  public MapKind kind;

  @Override
  MapKind kind() {
    return kind;
  }
}

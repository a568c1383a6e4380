package org.jnvm.bench.alloc;

import org.jnvm.bench.support.PlainCell;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/** The baseline's ring: a Java array the same size as {@link AllocState}'s persistent one. */
@State(Scope.Thread)
public class PlainAllocState {
  final PlainCell[] slots = new PlainCell[AllocState.SLOTS];

  /** Operations so far: the next cell's value; its slot is this modulo the ring size. */
  long next;
}

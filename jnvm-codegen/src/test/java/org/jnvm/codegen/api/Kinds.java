package org.jnvm.codegen.api;

import org.jnvm.core.heap.PObject;
import org.jnvm.jpdt.PLongArray;
import org.jnvm.jpdt.PString;

/** What tests call on the generated {@code AllKinds} (loaded by another class loader). */
public interface Kinds {
  void fill(int seed);

  String describe();

  void text(String s);

  String text();

  void link(Object other);

  Object link();

  void pstring(PString p);

  PString pstring();

  void longs(PLongArray a);

  PLongArray longs();

  int volatileCount();

  void volatileCount(int c);

  PObject self();
}

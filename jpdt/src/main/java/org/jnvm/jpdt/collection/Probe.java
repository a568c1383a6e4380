package org.jnvm.jpdt.collection;

/** A lookup in a hash index: the caller's key, in either form, and its hash. */
final class Probe extends IndexKey {
  final Object key;

  Probe(int hash, Object key) {
    super(hash);
    this.key = key;
  }
}

package org.jnvm.jpdt.collection;

/**
 * A key in a hash index: a live entry ({@link Cell}) or a lookup ({@link Probe}). Equality is the
 * key type's equivalence and is symmetric by construction; hashes are the type's hashes, so a probe
 * in either form (e.g. a {@code String} for a stored {@code PString}) finds the entry.
 */
abstract class IndexKey {
  final int hash;

  IndexKey(int hash) {
    this.hash = hash;
  }

  @Override
  public final int hashCode() {
    return hash;
  }

  @Override
  public final boolean equals(Object o) {
    if (o == this) return true;
    if (!(o instanceof IndexKey k) || k.hash != hash) return false;
    if (this instanceof Cell c) return c.holds(k);
    if (k instanceof Cell c) return c.holds(this);
    return false; // an index never compares two probes
  }
}

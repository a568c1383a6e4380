package org.jnvm.infinispan;

import org.jnvm.core.heap.PObject;
import org.jnvm.jpdt.PString;

/**
 * The volatile lookup form of a cache key, built once per operation: a {@link PString} (stored as
 * an owned copy, compared by content), another J-NVM object (stored by reference and owned,
 * compared by identity) or the key's marshalled bytes (stored as an owned {@link Blob}, compared by
 * content). {@link #hash} is the hash {@link StoreKeyType} gives the stored form.
 */
final class KeyForm {
  enum Kind {
    PSTRING,
    REFERENCE,
    BYTES
  }

  final Kind kind;
  final PObject object;
  final byte[] bytes;
  final int hash;

  private KeyForm(Kind kind, PObject object, byte[] bytes, int hash) {
    this.kind = kind;
    this.object = object;
    this.bytes = bytes;
    this.hash = hash;
  }

  static KeyForm of(PObject key) {
    Kind k = key instanceof PString ? Kind.PSTRING : Kind.REFERENCE;
    return new KeyForm(k, key, null, key.hashCode());
  }

  static KeyForm of(byte[] marshalled) {
    return new KeyForm(Kind.BYTES, null, marshalled, Blob.hash(marshalled, 0, marshalled.length));
  }

  @Override
  public String toString() {
    return kind == Kind.BYTES ? "marshalled key of " + bytes.length + " bytes" : object.toString();
  }
}

package org.jnvm.infinispan;

import org.jnvm.core.heap.PObject;
import org.jnvm.jpdt.PString;

/**
 * The volatile lookup form of a cache key, built once per operation: a {@link String} (its chars,
 * stored as an owned {@link StringKey}, compared by content, no marshalling), a {@link PString}
 * (stored as an owned copy, compared by content), another J-NVM object (stored by reference and
 * owned, compared by identity) or the key's marshalled bytes (stored as an owned {@link Blob},
 * compared by content). {@link #hash} is the hash {@link StoreKeyType} gives the stored form.
 */
final class KeyForm {
  enum Kind {
    STRING,
    PSTRING,
    REFERENCE,
    BYTES
  }

  final Kind kind;
  final PObject object;

  /** The marshalled bytes (BYTES) or the chars as {@link StringKey} stores them (STRING). */
  final byte[] bytes;

  /** {@link StringKey}'s coder of {@link #bytes} (STRING only). */
  final byte coder;

  final int hash;

  private KeyForm(Kind kind, PObject object, byte[] bytes, byte coder, int hash) {
    this.kind = kind;
    this.object = object;
    this.bytes = bytes;
    this.coder = coder;
    this.hash = hash;
  }

  static KeyForm of(String key) {
    byte[] b = StringKey.encode(key);
    return new KeyForm(Kind.STRING, null, b, StringKey.coder(key, b), key.hashCode());
  }

  static KeyForm of(PObject key) {
    Kind k = key instanceof PString ? Kind.PSTRING : Kind.REFERENCE;
    return new KeyForm(k, key, null, (byte) 0, key.hashCode());
  }

  static KeyForm of(byte[] marshalled) {
    return new KeyForm(
        Kind.BYTES, null, marshalled, (byte) 0, Blob.hash(marshalled, 0, marshalled.length));
  }

  @Override
  public String toString() {
    return switch (kind) {
      case BYTES -> "marshalled key of " + bytes.length + " bytes";
      case STRING -> "string key of " + bytes.length + " bytes";
      default -> object.toString();
    };
  }
}

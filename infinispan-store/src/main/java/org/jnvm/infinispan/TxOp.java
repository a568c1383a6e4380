package org.jnvm.infinispan;

/**
 * One modification of a transaction, in volatile memory: {@code key} mapped to {@code data} in
 * segment {@code segment}, or removed when {@code data} is null.
 */
record TxOp(int segment, KeyForm key, EntryData data) {
  static TxOp write(int segment, KeyForm key, EntryData data) {
    if (data == null) throw new IllegalArgumentException("a write needs its data: key=" + key);
    return new TxOp(segment, key, data);
  }

  static TxOp remove(int segment, KeyForm key) {
    return new TxOp(segment, key, null);
  }

  boolean isRemove() {
    return data == null;
  }
}

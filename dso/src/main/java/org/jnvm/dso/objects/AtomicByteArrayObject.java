package org.jnvm.dso.objects;

import java.io.Serializable;
import java.util.Arrays;

/** Server-side state of {@link org.jnvm.dso.lib.AtomicByteArray}. */
public final class AtomicByteArrayObject implements Serializable {
  private static final long serialVersionUID = 1L;
  private final byte[] bytes;

  public AtomicByteArrayObject(int length) {
    if (length < 0) {
      throw new IllegalArgumentException("negative length: " + length);
    }
    bytes = new byte[length];
  }

  @ReadOnly
  public int length() {
    return bytes.length;
  }

  @ReadOnly
  public byte get(int i) {
    return bytes[i];
  }

  public void set(int i, byte v) {
    bytes[i] = v;
  }

  public byte getAndSet(int i, byte v) {
    byte old = bytes[i];
    bytes[i] = v;
    return old;
  }

  public byte addAndGet(int i, byte d) {
    bytes[i] += d;
    return bytes[i];
  }

  public boolean compareAndSet(int i, byte expect, byte update) {
    if (bytes[i] != expect) {
      return false;
    }
    bytes[i] = update;
    return true;
  }

  @ReadOnly
  public byte[] toArray() {
    return Arrays.copyOf(bytes, bytes.length);
  }
}

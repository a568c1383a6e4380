package org.jnvm.dso.lib;

import org.jnvm.dso.SharedObject;
import org.jnvm.dso.objects.AtomicByteArrayObject;

/** A shared array of bytes with atomic element operations. */
public class AtomicByteArray extends SharedObject {
  private static final long serialVersionUID = 1L;

  public AtomicByteArray(int length) {
    super(new AtomicByteArrayObject(length));
  }

  public int length() {
    return (Integer) call("length");
  }

  public byte get(int i) {
    return (Byte) call("get", i);
  }

  public void set(int i, byte v) {
    call("set", i, v);
  }

  public byte getAndSet(int i, byte v) {
    return (Byte) call("getAndSet", i, v);
  }

  public byte addAndGet(int i, byte d) {
    return (Byte) call("addAndGet", i, d);
  }

  public boolean compareAndSet(int i, byte expect, byte update) {
    return (Boolean) call("compareAndSet", i, expect, update);
  }

  public byte[] toArray() {
    return (byte[]) call("toArray");
  }
}

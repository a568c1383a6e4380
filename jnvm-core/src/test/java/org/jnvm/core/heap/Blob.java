package org.jnvm.core.heap;

import java.nio.charset.StandardCharsets;
import org.jnvm.core.pmem.Pmem;

/** A variable-size low-level persistent class holding bytes; any size, small or large. */
public final class Blob extends PObject {
  public static final PersistentClass<Blob> TYPE =
      PersistentClass.builder(Blob.class.getName(), (h, a) -> new Blob(h, a, null))
          .layout("bytes")
          .build();

  public Blob(Heap heap, byte[] data) {
    super(heap, TYPE, data.length);
    Pmem.write(data, 0, fieldAddress(0), data.length);
  }

  public Blob(Heap heap, String s) {
    this(heap, s.getBytes(StandardCharsets.UTF_8));
  }

  private Blob(Heap heap, long address, Resurrect r) {
    super(heap, address, r);
  }

  public byte[] bytes() {
    byte[] b = new byte[payloadSize()];
    Pmem.read(fieldAddress(0), b, 0, b.length);
    return b;
  }

  public String text() {
    return new String(bytes(), StandardCharsets.UTF_8);
  }
}

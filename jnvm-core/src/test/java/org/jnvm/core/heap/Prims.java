package org.jnvm.core.heap;

/** Every primitive field type once, naturally aligned. */
public final class Prims extends PObject {
  public static final PersistentClass<Prims> TYPE =
      PersistentClass.builder(Prims.class.getName(), (h, a) -> new Prims(h, a, null))
          .fixedSize(40)
          .layout("z@0 b@1 s@2 c@4 i@8 f@12 j@16 d@24 r@32")
          .refs(32)
          .build();

  public Prims(Heap heap) {
    super(heap, TYPE);
  }

  private Prims(Heap heap, long address, Resurrect r) {
    super(heap, address, r);
  }

  void fill() {
    setBoolean(0, true);
    setByte(1, (byte) -7);
    setShort(2, (short) -30000);
    setChar(4, '\u20ac');
    setInt(8, Integer.MIN_VALUE + 3);
    setFloat(12, 1.5f);
    setLong(16, Long.MAX_VALUE - 1);
    setDouble(24, Math.PI);
    setRef(32, this);
  }

  boolean z() {
    return getBoolean(0);
  }

  byte b() {
    return getByte(1);
  }

  short s() {
    return getShort(2);
  }

  char c() {
    return getChar(4);
  }

  int i() {
    return getInt(8);
  }

  float f() {
    return getFloat(12);
  }

  long j() {
    return getLong(16);
  }

  double d() {
    return getDouble(24);
  }

  Prims self() {
    return getRef(32);
  }
}

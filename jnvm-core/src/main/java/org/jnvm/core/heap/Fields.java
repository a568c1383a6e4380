package org.jnvm.core.heap;

import org.jnvm.core.JnvmException;
import org.jnvm.core.pmem.Pmem;

/**
 * The fields of one object in one shape, by name, for a {@link ShapeConversion}: the stored image
 * (read) or the object being converted (set). Each access checks that the field exists with the
 * accessor's type and throws naming the field and both types otherwise.
 */
public final class Fields {
  private final long payload;
  private final ClassShape shape;

  Fields(long payload, ClassShape shape) {
    this.payload = payload;
    this.shape = shape;
  }

  /** The shape version these fields belong to (1 for the first a heap stored). */
  public int version() {
    return shape.version();
  }

  /** True if this shape has a field called {@code name}. */
  public boolean has(String name) {
    return shape.field(name) != null;
  }

  public boolean getBoolean(String name) {
    return Pmem.getByte(at(name, "Z")) != 0;
  }

  public byte getByte(String name) {
    return Pmem.getByte(at(name, "B"));
  }

  public short getShort(String name) {
    return Pmem.getShort(at(name, "S"));
  }

  public char getChar(String name) {
    return Pmem.getChar(at(name, "C"));
  }

  public int getInt(String name) {
    return Pmem.getInt(at(name, "I"));
  }

  public float getFloat(String name) {
    return Pmem.getFloat(at(name, "F"));
  }

  public long getLong(String name) {
    return Pmem.getLong(at(name, "J"));
  }

  public double getDouble(String name) {
    return Pmem.getDouble(at(name, "D"));
  }

  /** A reference field's value: the referenced object's file offset, 0 for null. */
  public long getRef(String name) {
    return Pmem.getLong(at(name, null));
  }

  public void setBoolean(String name, boolean v) {
    Pmem.putByte(at(name, "Z"), (byte) (v ? 1 : 0));
  }

  public void setByte(String name, byte v) {
    Pmem.putByte(at(name, "B"), v);
  }

  public void setShort(String name, short v) {
    Pmem.putShort(at(name, "S"), v);
  }

  public void setChar(String name, char v) {
    Pmem.putChar(at(name, "C"), v);
  }

  public void setInt(String name, int v) {
    Pmem.putInt(at(name, "I"), v);
  }

  public void setFloat(String name, float v) {
    Pmem.putFloat(at(name, "F"), v);
  }

  public void setLong(String name, long v) {
    Pmem.putLong(at(name, "J"), v);
  }

  public void setDouble(String name, double v) {
    Pmem.putDouble(at(name, "D"), v);
  }

  /**
   * Sets a reference field to a file offset read from a stored reference field ({@link #getRef}):
   * the object it names must be of the field's type.
   */
  public void setRef(String name, long offset) {
    Pmem.putLong(at(name, null), offset);
  }

  /** The address of field {@code name}, which must have descriptor {@code desc} (null: any ref). */
  private long at(String name, String desc) {
    ClassShape.Field f = shape.field(name);
    boolean ok = f != null && (desc == null ? f.isReference() : f.descriptor().equals(desc));
    if (!ok) {
      throw new JnvmException(
          "no field "
              + name
              + " of type "
              + (desc == null ? "reference" : ClassShape.typeName(desc))
              + " in shape v"
              + shape.version()
              + " of "
              + shape.className()
              + (f == null ? "" : " (it is " + f.describe() + ")")
              + ": fields are "
              + shape.text());
    }
    return payload + f.offset();
  }
}

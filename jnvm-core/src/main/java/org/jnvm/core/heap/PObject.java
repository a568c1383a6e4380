package org.jnvm.core.heap;

import org.jnvm.core.pmem.Pmem;

/**
 * The base of every proxy: a small volatile object naming one persistent object. Field accessors
 * take payload offsets and read and write the persistent data directly; reads never write to
 * persistent memory. Stores are not durable by themselves: write the fields back ({@link
 * #pwbField}, {@link #persist}) and fence, or use a failure-atomic block.
 *
 * <p>A new object is reachable after a crash only once a durable reference points at it (allocation
 * is reserve, then publish); until then recovery reclaims it.
 */
public abstract class PObject {
  private final Heap heap;
  private final long address;

  /** Allocates a zeroed object of the class's fixed size. */
  protected PObject(Heap heap, PersistentClass<?> type) {
    this(heap, type, type.fixedSize());
  }

  /** Allocates a zeroed object with {@code payloadBytes} of payload. */
  protected PObject(Heap heap, PersistentClass<?> type, long payloadBytes) {
    this.heap = heap;
    this.address = heap.allocate(type, payloadBytes);
  }

  /**
   * Marks the resurrection constructor, so that it never clashes with a user constructor that takes
   * a {@code long}. Pass {@code null}.
   */
  public static final class Resurrect {
    private Resurrect() {}
  }

  /** Resurrects the proxy of an existing object (called by factories). */
  protected PObject(Heap heap, long address, Resurrect marker) {
    this.heap = heap;
    this.address = address;
  }

  public final Heap heap() {
    return heap;
  }

  /** The absolute address of the object's header. */
  public final long address() {
    return address;
  }

  /** The persistent reference to this object: its offset in the heap file. */
  public final long offset() {
    return address - heap.base();
  }

  /** Payload bytes of this object. */
  public final int payloadSize() {
    return ObjectLayout.size(address);
  }

  /** Writes back every line of the object and fences: its data is durable on return. */
  public final void persist() {
    Pmem.pwb(address, ObjectLayout.HEADER + (long) payloadSize());
    Pmem.pfence();
  }

  /** Writes back every line of the object, without fencing. */
  public final void pwbObject() {
    Pmem.pwb(address, ObjectLayout.HEADER + (long) payloadSize());
  }

  protected final long fieldAddress(long off) {
    return address + ObjectLayout.HEADER + off;
  }

  protected final void pwbField(long off) {
    Pmem.pwb(address + ObjectLayout.HEADER + off);
  }

  protected final boolean getBoolean(long off) {
    return Pmem.getByte(address + ObjectLayout.HEADER + off) != 0;
  }

  protected final void setBoolean(long off, boolean v) {
    Pmem.putByte(address + ObjectLayout.HEADER + off, (byte) (v ? 1 : 0));
  }

  protected final byte getByte(long off) {
    return Pmem.getByte(address + ObjectLayout.HEADER + off);
  }

  protected final void setByte(long off, byte v) {
    Pmem.putByte(address + ObjectLayout.HEADER + off, v);
  }

  protected final short getShort(long off) {
    return Pmem.getShort(address + ObjectLayout.HEADER + off);
  }

  protected final void setShort(long off, short v) {
    Pmem.putShort(address + ObjectLayout.HEADER + off, v);
  }

  protected final char getChar(long off) {
    return Pmem.getChar(address + ObjectLayout.HEADER + off);
  }

  protected final void setChar(long off, char v) {
    Pmem.putChar(address + ObjectLayout.HEADER + off, v);
  }

  protected final int getInt(long off) {
    return Pmem.getInt(address + ObjectLayout.HEADER + off);
  }

  protected final void setInt(long off, int v) {
    Pmem.putInt(address + ObjectLayout.HEADER + off, v);
  }

  protected final long getLong(long off) {
    return Pmem.getLong(address + ObjectLayout.HEADER + off);
  }

  protected final void setLong(long off, long v) {
    Pmem.putLong(address + ObjectLayout.HEADER + off, v);
  }

  protected final float getFloat(long off) {
    return Pmem.getFloat(address + ObjectLayout.HEADER + off);
  }

  protected final void setFloat(long off, float v) {
    Pmem.putFloat(address + ObjectLayout.HEADER + off, v);
  }

  protected final double getDouble(long off) {
    return Pmem.getDouble(address + ObjectLayout.HEADER + off);
  }

  protected final void setDouble(long off, double v) {
    Pmem.putDouble(address + ObjectLayout.HEADER + off, v);
  }

  /** The raw reference (file offset, 0 for null) stored at {@code off}. */
  protected final long getRefOffset(long off) {
    return Pmem.getLong(address + ObjectLayout.HEADER + off);
  }

  /** The object referenced at {@code off}, resurrected (checked when checks are on). */
  protected final <R extends PObject> R getRef(long off) {
    return heap.object(getRefOffset(off));
  }

  /**
   * Stores a reference. The target must already be durable (persisted and fenced) before this store
   * can reach media, or a crash may publish an object whose data is not there.
   */
  protected final void setRef(long off, PObject target) {
    if (target != null && target.heap != heap) {
      throw new IllegalArgumentException(
          "a persistent reference cannot cross heaps: from="
              + heap.file()
              + " to="
              + target.heap.file());
    }
    Pmem.putLong(address + ObjectLayout.HEADER + off, target == null ? 0 : target.offset());
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof PObject p && p.address == address && p.heap == heap;
  }

  @Override
  public int hashCode() {
    return Long.hashCode(address);
  }

  @Override
  public String toString() {
    return getClass().getSimpleName() + "@0x" + Long.toHexString(offset());
  }
}

package org.jnvm.ycsb.jpdt;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Map;
import java.util.Set;
import org.jnvm.ycsb.FieldSchema;
import site.ycsb.ByteArrayByteIterator;
import site.ycsb.ByteIterator;

/**
 * A volatile copy of a whole {@link PRecord} (its payload, laid out as in NVMM), taken in one read:
 * a read of every field then costs one copy and one array instead of one of each per field, and
 * hands out each field as a range of the copy, as volatile Infinispan hands out ranges of its
 * stored {@code byte[]}.
 *
 * <p>The copy may come from a record that was freed and reused while it was read (optimistic
 * readers validate afterwards): every offset is checked against the copy's own length before use,
 * so any bytes at all give {@code false} from {@link #into}, never an exception or a range outside
 * the array.
 */
public final class RecordCopy {
  private static final VarHandle INT =
      MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.nativeOrder());
  private static final VarHandle LONG =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.nativeOrder());

  private final byte[] bytes;

  RecordCopy(byte[] bytes) {
    this.bytes = bytes;
  }

  /**
   * Puts the fields named in {@code names} (every field of {@code schema} when null) into {@code
   * out}, absent fields left out.
   *
   * @return false, with {@code out} partly filled, if the bytes are not a record of {@code
   *     schema}'s field count (a count, slot number or length out of the shape)
   * @throws IllegalArgumentException if a name is not one of the schema's
   */
  public boolean into(FieldSchema schema, Set<String> names, Map<String, ByteIterator> out) {
    int n = schema.count();
    if (bytes.length < PRecord.SLOTS_OFFSET || intAt(PRecord.FIELDS_OFFSET) != n) return false;
    int capacity = intAt(PRecord.CAPACITY_OFFSET);
    if (capacity < 0 || bytes.length != PRecord.payloadSize(n, capacity)) return false;
    long map = (long) LONG.get(bytes, PRecord.MAP_OFFSET);
    if (names == null) {
      for (int i = 0; i < n; i++) {
        if (!put(out, schema.name(i), PRecord.slot(map, i, n), n, capacity)) return false;
      }
      return true;
    }
    for (String name : names) {
      if (!put(out, name, PRecord.slot(map, schema.index(name), n), n, capacity)) return false;
    }
    return true;
  }

  /**
   * Puts slot {@code k}'s bytes under {@code name}; false if the slot or its length is malformed.
   */
  private boolean put(Map<String, ByteIterator> out, String name, int k, int n, int capacity) {
    if (k >= PRecord.slots(n)) return false;
    int at = (int) PRecord.slotOffset(k, capacity);
    int len = intAt(at);
    if (len == PRecord.ABSENT) return true;
    if (len < 0 || len > capacity) return false;
    out.put(name, new ByteArrayByteIterator(bytes, at + Integer.BYTES, len));
    return true;
  }

  private int intAt(int at) {
    return (int) INT.get(bytes, at);
  }
}

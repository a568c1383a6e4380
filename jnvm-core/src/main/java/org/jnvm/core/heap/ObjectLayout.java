package org.jnvm.core.heap;

import org.jnvm.core.pmem.Pmem;

/**
 * Every object starts, cache-line aligned, with an 8-byte header; its fields (the payload) follow.
 * A persistent reference is the object's offset in the file; 0 is null.
 *
 * <pre>
 *   0          4          8
 *   +----------+----------+---------------------------+
 *   | class id | payload  | payload (fields), 8-byte  |
 *   |          | bytes    | aligned, zeroed when new  |
 *   +----------+----------+---------------------------+
 * </pre>
 */
public final class ObjectLayout {
  public static final int CLASS_ID_OFFSET = 0;
  public static final int SIZE_OFFSET = CLASS_ID_OFFSET + 4;

  /** Header bytes; field offsets given to proxies are relative to the end of the header. */
  public static final int HEADER = SIZE_OFFSET + 4;

  private ObjectLayout() {}

  public static int classId(long obj) {
    return Pmem.getInt(obj + CLASS_ID_OFFSET);
  }

  /** Payload bytes. */
  public static int size(long obj) {
    return Pmem.getInt(obj + SIZE_OFFSET);
  }

  static void header(long obj, int classId, int size) {
    Pmem.putLong(obj, ((long) size << 32) | (classId & 0xffffffffL));
  }
}

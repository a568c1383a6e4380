package org.jnvm.core.heap;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import org.jnvm.core.pmem.Pmem;

/**
 * One registered class: its persisted layout, enough for recovery to find every reference without
 * loading the Java class, and (format 2.1) its shape table, the fields by name and type (see {@link
 * ShapeTableLayout}), at the first 4-byte boundary after the name. A format 2.0 entry ends with its
 * name.
 *
 * <pre>
 *   payload 0             8          12         16         20         24
 *   +--------------+----------+----------+----------+----------+---------------+------+
 *   | fingerprint  | fixed    | ref      | ref tail | name     | ref offsets   | name |
 *   |              | size     | count    | (-1 none)| length   | (4 bytes each)| UTF-8|
 *   +--------------+----------+----------+----------+----------+---------------+------+
 * </pre>
 */
final class ClassEntryLayout {
  static final int FINGERPRINT_OFFSET = 0;
  static final int FIXED_SIZE_OFFSET = FINGERPRINT_OFFSET + 8;
  static final int REF_COUNT_OFFSET = FIXED_SIZE_OFFSET + 4;
  static final int REF_TAIL_OFFSET = REF_COUNT_OFFSET + 4;
  static final int NAME_LENGTH_OFFSET = REF_TAIL_OFFSET + 4;
  static final int REFS_OFFSET = NAME_LENGTH_OFFSET + 4;

  private ClassEntryLayout() {}

  /** Payload bytes of an entry; {@code table} is the shape table's length, 0 for none. */
  static int payloadSize(int refCount, int nameLength, int table) {
    int nameEnd = REFS_OFFSET + 4 * refCount + nameLength;
    return table == 0 ? nameEnd : ShapeTableLayout.start(nameEnd) + table;
  }

  /** Writes the entry's payload (not yet written back); {@code table} may be empty. */
  static void write(long obj, ClassInfo c, byte[] name, byte[] table) {
    long p = obj + ObjectLayout.HEADER;
    Pmem.putLong(p + FINGERPRINT_OFFSET, c.fingerprint());
    Pmem.putInt(p + FIXED_SIZE_OFFSET, c.fixedSize());
    Pmem.putInt(p + REF_COUNT_OFFSET, c.refOffsets().length);
    Pmem.putInt(p + REF_TAIL_OFFSET, c.refTail());
    Pmem.putInt(p + NAME_LENGTH_OFFSET, name.length);
    for (int i = 0; i < c.refOffsets().length; i++) {
      Pmem.putInt(p + REFS_OFFSET + 4L * i, c.refOffsets()[i]);
    }
    int nameEnd = REFS_OFFSET + 4 * c.refOffsets().length + name.length;
    Pmem.write(name, 0, p + nameEnd - name.length, name.length);
    if (table.length > 0) Pmem.write(table, 0, p + ShapeTableLayout.start(nameEnd), table.length);
  }

  /** Parses an entry, bounds-checking every length against the object's size. */
  static ClassInfo read(long obj, int id) {
    long p = obj + ObjectLayout.HEADER;
    int size = ObjectLayout.size(obj);
    if (size < REFS_OFFSET) throw bad(id, "entry too short: " + size);
    int refCount = Pmem.getInt(p + REF_COUNT_OFFSET);
    int nameLength = Pmem.getInt(p + NAME_LENGTH_OFFSET);
    if (refCount < 0 || nameLength < 0 || (long) REFS_OFFSET + 4L * refCount + nameLength > size) {
      throw bad(id, "counts exceed the entry: refs=" + refCount + " name=" + nameLength);
    }
    int[] refs = new int[refCount];
    for (int i = 0; i < refCount; i++) {
      refs[i] = Pmem.getInt(p + REFS_OFFSET + 4L * i);
      if (refs[i] < 0 || (refs[i] & 7) != 0) throw bad(id, "bad reference offset " + refs[i]);
    }
    int tail = Pmem.getInt(p + REF_TAIL_OFFSET);
    if (tail != PersistentClass.NO_TAIL && (tail < 0 || (tail & 7) != 0)) {
      throw bad(id, "bad reference tail " + tail);
    }
    byte[] name = new byte[nameLength];
    Pmem.read(p + REFS_OFFSET + 4L * refCount, name, 0, nameLength);
    int fixed = Pmem.getInt(p + FIXED_SIZE_OFFSET);
    return new ClassInfo(
        id,
        decode(name, id),
        Pmem.getLong(p + FINGERPRINT_OFFSET),
        fixed,
        refs,
        tail,
        ShapeTableLayout.decode(
            table(p, REFS_OFFSET + 4 * refCount + nameLength, size), fixed, id));
  }

  /** The bytes after the name's padding: the shape table, or none (format 2.0). */
  private static byte[] table(long payload, int nameEnd, int size) {
    int start = ShapeTableLayout.start(nameEnd);
    if (start >= size) return new byte[0];
    byte[] t = new byte[size - start];
    Pmem.read(payload + start, t, 0, t.length);
    return t;
  }

  static String decode(byte[] name, int id) {
    try {
      return StandardCharsets.UTF_8
          .newDecoder()
          .onMalformedInput(CodingErrorAction.REPORT)
          .decode(ByteBuffer.wrap(name))
          .toString();
    } catch (CharacterCodingException e) {
      throw bad(id, "class name is not UTF-8");
    }
  }

  private static HeapCorruptException bad(int id, String what) {
    return new HeapCorruptException("corrupt class registry entry: id=" + id + " " + what);
  }
}

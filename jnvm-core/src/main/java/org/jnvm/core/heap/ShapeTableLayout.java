package org.jnvm.core.heap;

import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * A class entry's shape table (format 2.1): the {@link ClassShape} of the entry, after the entry's
 * name at the next 4-byte boundary. An entry written by format 2.0 ends with its name: it has no
 * table, and a reader of 2.0 ignores the bytes after the name, so both read each other's entries.
 *
 * <pre>
 *   0        4         8         12        16
 *   +--------+---------+---------+---------+------------------------+-------------------+
 *   | magic  | version | chain   | field   | chain: per class       | fields: per field |
 *   | "SHP1" |         | count   | count   | u16 length + UTF-8 name| (below)           |
 *   +--------+---------+---------+---------+------------------------+-------------------+
 *
 *   field  0        4      6       8          10           12
 *          +--------+------+-------+----------+------------+------+------------+
 *          | offset | size | owner | name len | desc len   | name | descriptor |
 *          | int    | u16  | u16   | u16      | u16        | UTF-8| UTF-8      |
 *          +--------+------+-------+----------+------------+------+------------+
 * </pre>
 *
 * The owner is an index into the chain (root-most class first, the entry's class last).
 */
final class ShapeTableLayout {
  /** "SHP1", little-endian. */
  static final int MAGIC = 0x31504853;

  static final int MAGIC_OFFSET = 0;
  static final int VERSION_OFFSET = MAGIC_OFFSET + 4;
  static final int CHAIN_COUNT_OFFSET = VERSION_OFFSET + 4;
  static final int FIELD_COUNT_OFFSET = CHAIN_COUNT_OFFSET + 4;
  static final int HEAD = FIELD_COUNT_OFFSET + 4;

  static final int FIELD_OFFSET_OFFSET = 0;
  static final int FIELD_SIZE_OFFSET = FIELD_OFFSET_OFFSET + 4;
  static final int FIELD_OWNER_OFFSET = FIELD_SIZE_OFFSET + 2;
  static final int FIELD_NAME_LENGTH_OFFSET = FIELD_OWNER_OFFSET + 2;
  static final int FIELD_DESC_LENGTH_OFFSET = FIELD_NAME_LENGTH_OFFSET + 2;
  static final int FIELD_HEAD = FIELD_DESC_LENGTH_OFFSET + 2;

  /** Names are stored with u16 lengths. */
  static final int MAX_NAME = 0xffff;

  private ShapeTableLayout() {}

  /** Where the table starts in an entry's payload whose name ends at {@code nameEnd}. */
  static int start(int nameEnd) {
    return (nameEnd + 3) & ~3;
  }

  /** The table's bytes. */
  static byte[] encode(ClassShape s) {
    List<byte[]> chain = new ArrayList<>();
    int size = HEAD;
    for (String c : s.chain()) {
      byte[] b = utf8(c);
      chain.add(b);
      size += 2 + b.length;
    }
    for (ClassShape.Field f : s.fields()) {
      size += FIELD_HEAD + utf8(f.name()).length + utf8(f.descriptor()).length;
    }
    ByteBuffer b = ByteBuffer.allocate(size).order(ByteOrder.LITTLE_ENDIAN);
    b.putInt(MAGIC).putInt(s.version()).putInt(chain.size()).putInt(s.fields().size());
    for (byte[] c : chain) b.putShort((short) c.length).put(c);
    for (ClassShape.Field f : s.fields()) {
      byte[] n = utf8(f.name());
      byte[] d = utf8(f.descriptor());
      b.putInt(f.offset()).putShort((short) f.size()).putShort((short) f.owner());
      b.putShort((short) n.length).putShort((short) d.length).put(n).put(d);
    }
    return b.array();
  }

  /**
   * Parses a table, checking every count and length against {@code raw} and each field against its
   * type and {@code payload} (the class's fixed size, -1 if variable). Returns null when {@code
   * raw} is empty (a format 2.0 entry).
   */
  static ClassShape decode(byte[] raw, int payload, int id) {
    if (raw.length == 0) return null;
    ByteBuffer b = ByteBuffer.wrap(raw).order(ByteOrder.LITTLE_ENDIAN);
    try {
      if (b.getInt() != MAGIC) throw bad(id, "bad shape table magic");
      int version = b.getInt();
      int chainCount = b.getInt();
      int fieldCount = b.getInt();
      if (version < 1 || chainCount < 1 || fieldCount < 0 || fieldCount > raw.length) {
        throw bad(id, "bad shape table counts: version=" + version + " chain=" + chainCount);
      }
      List<String> chain = new ArrayList<>();
      for (int i = 0; i < chainCount; i++)
        chain.add(string(b, Short.toUnsignedInt(b.getShort()), id));
      List<ClassShape.Field> fields = new ArrayList<>();
      for (int i = 0; i < fieldCount; i++) fields.add(field(b, chainCount, payload, id));
      if (b.hasRemaining()) throw bad(id, b.remaining() + " bytes after the shape table");
      return new ClassShape(version, chain, fields);
    } catch (BufferUnderflowException | IllegalArgumentException e) {
      throw bad(id, "shape table longer than its entry");
    }
  }

  private static ClassShape.Field field(ByteBuffer b, int chainCount, int payload, int id) {
    int offset = b.getInt();
    int size = Short.toUnsignedInt(b.getShort());
    int owner = Short.toUnsignedInt(b.getShort());
    int nameLength = Short.toUnsignedInt(b.getShort());
    int descLength = Short.toUnsignedInt(b.getShort());
    String name = string(b, nameLength, id);
    String desc = string(b, descLength, id);
    boolean fits = payload < 0 || (long) offset + size <= payload;
    if (owner >= chainCount || offset < 0 || size != ClassShape.sizeOf(desc) || !fits) {
      throw bad(id, "bad shape field " + name + ":" + desc + "@" + offset + " size=" + size);
    }
    return new ClassShape.Field(name, desc, offset, size, owner);
  }

  private static String string(ByteBuffer b, int length, int id) {
    byte[] s = new byte[length];
    b.get(s);
    return ClassEntryLayout.decode(s, id);
  }

  private static byte[] utf8(String s) {
    byte[] b = s.getBytes(StandardCharsets.UTF_8);
    if (b.length > MAX_NAME) throw new IllegalArgumentException("name too long: " + s);
    return b;
  }

  private static HeapCorruptException bad(int id, String what) {
    return new HeapCorruptException("corrupt class registry entry: id=" + id + " " + what);
  }
}

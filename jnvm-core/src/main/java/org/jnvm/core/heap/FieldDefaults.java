package org.jnvm.core.heap;

import java.util.HashMap;
import java.util.Map;
import org.jnvm.core.pmem.Pmem;

/**
 * The {@code @DefaultValue}s of a class's fields, as the bits a migration stores into an object for
 * each field its stored shape did not have. Parsed once, when the descriptor is built; the code
 * generator parses the same way ({@link #bits}) to refuse a bad value at build time.
 */
public final class FieldDefaults {
  static final FieldDefaults NONE = new FieldDefaults(Map.of());

  private final Map<String, Long> bits;

  private FieldDefaults(Map<String, Long> bits) {
    this.bits = bits;
  }

  /** {@code "visits=1 ratio=0.5"} against the fields of {@code shape}. */
  static FieldDefaults parse(String cls, String text, ClassShape shape) {
    if (text.isBlank()) return NONE;
    Map<String, Long> out = new HashMap<>();
    for (String e : text.trim().split(" +")) {
      int eq = e.indexOf('=');
      String field = eq > 0 ? e.substring(0, eq) : e;
      ClassShape.Field f = shape == null ? null : shape.field(field);
      if (eq <= 0 || f == null) {
        throw new IllegalArgumentException(
            "default value '"
                + e
                + "' of persistent class "
                + cls
                + " names no field of its shape");
      }
      out.put(field, bits(f.descriptor(), e.substring(eq + 1), cls + "." + field));
    }
    return new FieldDefaults(Map.copyOf(out));
  }

  /**
   * The bits of {@code text} as a value of the primitive type {@code descriptor} ({@code "J"},
   * ...), right-aligned in a long.
   *
   * @throws IllegalArgumentException naming {@code field}, its type and the text, if it is no such
   *     value or the field is not primitive
   */
  public static long bits(String descriptor, String text, String field) {
    try {
      return switch (descriptor) {
        case "Z" -> bool(text);
        case "B" -> Byte.parseByte(text);
        case "S" -> Short.parseShort(text);
        case "C" -> onlyChar(text);
        case "I" -> Integer.parseInt(text);
        case "J" -> Long.parseLong(text);
        case "F" -> Float.floatToRawIntBits(Float.parseFloat(text)) & 0xffffffffL;
        case "D" -> Double.doubleToRawLongBits(Double.parseDouble(text));
        default -> throw new IllegalArgumentException("only primitive fields take a default");
      };
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          "@DefaultValue(\""
              + text
              + "\") of field "
              + field
              + " ("
              + ClassShape.typeName(descriptor)
              + "): "
              + (e instanceof NumberFormatException ? "not a value of this type" : e.getMessage()),
          e);
    }
  }

  private static long bool(String text) {
    if (text.equals("true")) return 1;
    if (text.equals("false")) return 0;
    throw new IllegalArgumentException("not true or false");
  }

  private static long onlyChar(String text) {
    if (text.length() != 1) throw new IllegalArgumentException("not one character");
    return text.charAt(0);
  }

  boolean isEmpty() {
    return bits.isEmpty();
  }

  /** Stores the default of {@code f}, if it has one, at {@code at} (the field's address). */
  void store(ClassShape.Field f, long at) {
    Long v = bits.get(f.name());
    if (v == null) return;
    switch (f.size()) {
      case 1 -> Pmem.putByte(at, (byte) (long) v);
      case 2 -> Pmem.putShort(at, (short) (long) v);
      case 4 -> Pmem.putInt(at, (int) (long) v);
      default -> Pmem.putLong(at, v);
    }
  }
}

package org.jnvm.ycsb;

import java.util.Properties;

/**
 * The fields of a YCSB record as a fixed schema: {@code fieldcount} fields named {@code
 * fieldnameprefix + i}. Backends that keep a record as an object with one slot per field (J-PDT,
 * PMDK) map names to slots through it, as a user would with a class of ten fields.
 */
public final class FieldSchema {
  private final String prefix;
  private final String[] names;

  public FieldSchema(String prefix, int count) {
    if (count <= 0) throw new IllegalArgumentException("fieldcount must be positive: " + count);
    this.prefix = prefix;
    this.names = new String[count];
    for (int i = 0; i < count; i++) names[i] = prefix + i;
  }

  /** The schema of YCSB's core workload properties (defaults: 10 fields named field0..field9). */
  public static FieldSchema of(Properties p) {
    return new FieldSchema(
        p.getProperty("fieldnameprefix", "field"),
        Integer.parseInt(p.getProperty("fieldcount", "10")));
  }

  public int count() {
    return names.length;
  }

  public String name(int i) {
    return names[i];
  }

  /**
   * The slot of field {@code name}.
   *
   * @throws IllegalArgumentException if the name is not one of the schema's
   */
  public int index(String name) {
    if (name.startsWith(prefix)) {
      int i = parse(name, prefix.length());
      if (i >= 0 && i < names.length) return i;
    }
    throw new IllegalArgumentException(
        "field is not in the record schema: field="
            + name
            + " schema="
            + prefix
            + "0.."
            + prefix
            + (names.length - 1));
  }

  private static int parse(String s, int from) {
    if (from >= s.length() || s.length() - from > 9) return -1;
    int v = 0;
    for (int i = from; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c < '0' || c > '9') return -1;
      v = v * 10 + (c - '0');
    }
    return v;
  }
}

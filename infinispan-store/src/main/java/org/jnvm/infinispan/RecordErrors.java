package org.jnvm.infinispan;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import org.jnvm.core.heap.HeapCorruptException;
import org.jnvm.core.heap.PObject;

/**
 * Errors about one stored record that name what a user needs to find it: the heap file, the
 * segment, the key (as text when it is a string) and the message of the check that failed (which
 * names the field and its value). Media is hostile input: a record that fails a check is reported,
 * never half-read.
 */
final class RecordErrors {
  private static final int KEY_BYTES_SHOWN = 16;

  private RecordErrors() {}

  /** The error for the record of {@code key} in segment {@code seg} that failed with {@code e}. */
  static HeapCorruptException badRecord(StoreRoot root, int seg, String key, RuntimeException e) {
    String m = e.getMessage();
    String file = " file=" + root.heap().file();
    return new HeapCorruptException(
        "bad store record of key "
            + key
            + " in segment "
            + seg
            + ": "
            + (m != null && m.endsWith(file) ? m.substring(0, m.length() - file.length()) : m)
            + file,
        e);
  }

  /** A record whose J-NVM value is one of the store's own key objects (never a value). */
  static HeapCorruptException keyAsValue(PObject record, PObject value) {
    return new HeapCorruptException(
        "record 0x"
            + Long.toHexString(record.offset())
            + " field value references the store's key object "
            + value.getClass().getSimpleName()
            + " at 0x"
            + Long.toHexString(value.offset())
            + " file="
            + record.heap().file());
  }

  /** A lookup key as text: a string key's chars, else a short description. */
  static String text(KeyForm k) {
    return switch (k.kind) {
      case STRING ->
          k.coder == 0 ? new String(k.bytes, StandardCharsets.ISO_8859_1) : utf16(k.bytes);
      case BYTES -> marshalled(k.bytes);
      default -> String.valueOf(k.object);
    };
  }

  /** A key as {@link SegmentMaps#snapshot} reports it (String, marshalled bytes or J-NVM key). */
  static String text(Object rawKey) {
    return rawKey instanceof byte[] b ? marshalled(b) : String.valueOf(rawKey);
  }

  private static String marshalled(byte[] b) {
    int n = Math.min(b.length, KEY_BYTES_SHOWN);
    return "(marshalled, "
        + b.length
        + " bytes: "
        + HexFormat.of().formatHex(b, 0, n)
        + (n < b.length ? "...)" : ")");
  }

  private static String utf16(byte[] b) {
    char[] c = new char[b.length / 2];
    ByteBuffer.wrap(b).order(ByteOrder.nativeOrder()).asCharBuffer().get(c);
    return new String(c);
  }
}

package org.jnvm.ycsb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import site.ycsb.ByteIterator;
import site.ycsb.StringByteIterator;

class CodecTest {
  private final RecordCodec codec = ByteRecordCodec.INSTANCE;

  @Test
  void roundTripAndMerge() {
    Map<String, ByteIterator> in = new LinkedHashMap<>();
    in.put("field0", new StringByteIterator("zero"));
    in.put("field1", new StringByteIterator(""));
    in.put("fïeld2", new StringByteIterator("two"));
    Object stored = codec.encode(in);
    assertEquals(2 + 3 * (2 + 4) + 6 + 6 + 7 + 4 + 0 + 3, ((byte[]) stored).length);
    Object merged = codec.merge(stored, Map.of("field1", new StringByteIterator("one")));
    Map<String, ByteIterator> out = new HashMap<>();
    codec.decode(merged, null, out);
    assertEquals("zero", text(out.get("field0")));
    assertEquals("one", text(out.get("field1")));
    assertEquals("two", text(out.get("fïeld2")));
    out.clear();
    codec.decode(merged, Set.of("field0"), out);
    assertEquals(Set.of("field0"), out.keySet());
  }

  @Test
  void refusesOtherValues() {
    var e =
        assertThrows(
            IllegalArgumentException.class, () -> codec.decode("text", null, new HashMap<>()));
    assertTrue(e.getMessage().contains("java.lang.String"), e.getMessage());
  }

  @Test
  void schemaNamesOutsideAreRefused() {
    FieldSchema s = new FieldSchema("field", 10);
    assertEquals(9, s.index("field9"));
    var e = assertThrows(IllegalArgumentException.class, () -> s.index("field10"));
    assertTrue(e.getMessage().contains("field=field10"), e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> s.index("other1"));
    assertThrows(IllegalArgumentException.class, () -> Sizes.parse("jnvm.heapsize", "12Q"));
    assertEquals(64L << 20, Sizes.parse("jnvm.heapsize", "64M"));
  }

  private static String text(ByteIterator b) {
    return new String(b.toArray(), StandardCharsets.UTF_8);
  }
}

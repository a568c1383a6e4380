package org.jnvm.bench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class JsonTest {

  @Test
  void parsesEveryKindOfValue() {
    Object v =
        Json.parse(
            "{ \"a\" : [1, -2.5e3, \"x\\\"y\\u0041\"], \"b\" : {}, \"c\" : [],"
                + " \"t\" : true, \"f\" : false, \"n\" : null }");
    Map<?, ?> m = (Map<?, ?>) v;
    assertEquals(List.of(1.0, -2500.0, "x\"yA"), m.get("a"));
    assertEquals(Map.of(), m.get("b"));
    assertEquals(List.of(), m.get("c"));
    assertEquals(true, m.get("t"));
    assertEquals(false, m.get("f"));
    assertNull(m.get("n"));
  }

  @Test
  void errorsSayWhereAndWhat() {
    assertEquals("bad JSON: expected ',' or ']' at offset 3", error("[1 2]"));
    assertEquals("bad JSON: unterminated string at offset 4", error("\"abc"));
    assertEquals("bad JSON: trailing text at offset 3", error("[] x"));
    assertEquals("bad JSON: unexpected end at offset 1", error("["));
  }

  private static String error(String json) {
    return assertThrows(IllegalArgumentException.class, () -> Json.parse(json)).getMessage();
  }
}

package org.jnvm.dso.wire;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.ObjectOutputStream;
import java.util.ArrayList;
import java.util.List;
import org.jnvm.dso.DsoException;
import org.junit.jupiter.api.Test;

class CodecTest {
  private static Object roundTrip(Object v) {
    return Codec.decode(Codec.encode(v, "value"), "value");
  }

  @Test
  void commonValuesUseTheBinaryFormAndRoundTrip() {
    byte[] kb = new byte[1024];
    kb[7] = 42;
    byte[] enc = Codec.encode(kb, "value");
    assertEquals(Codec.BYTES, enc[0]);
    assertEquals(1 + 4 + 1024, enc.length);
    assertArrayEquals(kb, (byte[]) roundTrip(kb));
    assertEquals(Codec.ARRAY, Codec.encode(new Object[0], "args")[0]);
    assertEquals(0, ((Object[]) roundTrip(new Object[0])).length);
    Object[] args = {null, true, false, 7, -8L, "héllo", new byte[] {1, 2}, new Object[] {3}};
    Object[] back = (Object[]) roundTrip(args);
    assertNull(back[0]);
    assertEquals(true, back[1]);
    assertEquals(false, back[2]);
    assertEquals(7, back[3]);
    assertEquals(-8L, back[4]);
    assertEquals("héllo", back[5]);
    assertArrayEquals(new byte[] {1, 2}, (byte[]) back[6]);
    assertEquals(3, ((Object[]) back[7])[0]);
    assertNull(roundTrip(null));
  }

  @Test
  void otherValuesStayJavaSerialization() {
    ArrayList<Integer> list = new ArrayList<>(List.of(1, 2));
    assertEquals((byte) 0xAC, Codec.encode(list, "value")[0]);
    assertEquals(list, roundTrip(list));
    Object[] mixed = {1, list};
    assertEquals((byte) 0xAC, Codec.encode(mixed, "value")[0]);
    assertEquals(list, ((Object[]) roundTrip(mixed))[1]);
    String[] strings = {"a"};
    assertEquals((byte) 0xAC, Codec.encode(strings, "value")[0]);
    assertEquals(String[].class, roundTrip(strings).getClass());
  }

  @Test
  void bytesWrittenByJavaSerializationStillDecode() throws Exception {
    ByteArrayOutputStream b = new ByteArrayOutputStream();
    try (ObjectOutputStream out = new ObjectOutputStream(b)) {
      out.writeObject(new byte[] {9, 8});
    }
    assertArrayEquals(new byte[] {9, 8}, (byte[]) Codec.decode(b.toByteArray(), "stored value"));
  }

  @Test
  void badBinaryInputIsRefusedClearly() {
    assertMessage(new byte[0], "no bytes");
    assertMessage(new byte[] {0x0F}, "unknown encoding tag 0xf");
    assertMessage(new byte[] {Codec.LONG, 1, 2}, "truncated");
    assertMessage(new byte[] {Codec.BYTES, 0, 0, 0, 9, 1}, "length 9 exceeds the 1 bytes left");
    assertMessage(new byte[] {Codec.BYTES, -1, -1, -1, -1}, "length -1 exceeds");
    assertMessage(new byte[] {Codec.ARRAY, 0x7f, -1, -1, -1}, "exceeds");
    assertMessage(new byte[] {Codec.NULL, Codec.NULL}, "1 bytes after the value");
    byte[] deep = new byte[5 * 12];
    for (int i = 0; i < 12; i++) {
      deep[5 * i] = Codec.ARRAY;
      deep[5 * i + 4] = 1;
    }
    assertMessage(deep, "nested too deep");
  }

  /** Serializable, and neither registered nor a JDK type: the allow-list refuses it. */
  static final class Unlisted implements java.io.Serializable {
    private static final long serialVersionUID = 1L;
  }

  @Test
  void aClassResolvedOnceIsStillCheckedAgainstTheAllowList() throws Exception {
    ByteArrayOutputStream b = new ByteArrayOutputStream();
    try (ObjectOutputStream out = new ObjectOutputStream(b)) {
      out.writeObject(new Unlisted());
    }
    byte[] bytes = b.toByteArray();
    // the first decode resolves the name (and keeps it), the second finds it resolved: both refuse
    for (int i = 0; i < 2; i++) {
      DsoException.NotSerializable e =
          assertThrows(DsoException.NotSerializable.class, () -> Codec.decode(bytes, "state"));
      assertTrue(e.getMessage().contains(Unlisted.class.getName()), e.getMessage());
      assertTrue(e.getMessage().contains("is not registered as a DSO type"), e.getMessage());
    }
    ArrayList<Integer> list = new ArrayList<>(List.of(4));
    assertEquals(list, roundTrip(list));
    assertEquals(list, roundTrip(list)); // a resolved JDK class decodes the same the second time
  }

  private static void assertMessage(byte[] bytes, String part) {
    DsoException.NotSerializable e =
        assertThrows(DsoException.NotSerializable.class, () -> Codec.decode(bytes, "argument 1"));
    assertTrue(e.getMessage().startsWith("argument 1 refused: "), e.getMessage());
    assertTrue(e.getMessage().contains(part), e.getMessage());
  }
}

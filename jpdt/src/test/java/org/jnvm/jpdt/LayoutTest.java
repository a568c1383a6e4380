package org.jnvm.jpdt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The arithmetic of the value layouts: sizes, alignment, no overlap. */
class LayoutTest {

  @Test
  void stringFieldsAreAlignedAndDisjoint() {
    assertEquals(0, PStringLayout.HASH_OFFSET);
    assertEquals(PStringLayout.HASH_OFFSET + 4, PStringLayout.LENGTH_OFFSET);
    assertEquals(PStringLayout.LENGTH_OFFSET + 4, PStringLayout.CODER_OFFSET);
    assertEquals(
        PStringLayout.CODER_OFFSET + 1 + PStringLayout.RESERVED_BYTES, PStringLayout.DATA_OFFSET);
    assertEquals(0, PStringLayout.LENGTH_OFFSET % 4);
    assertEquals(0, PStringLayout.DATA_OFFSET % 2, "UTF16 chars are 2-aligned");
    assertEquals(PStringLayout.DATA_OFFSET + 7, PStringLayout.payloadSize(7, PStringLayout.LATIN1));
    assertEquals(PStringLayout.DATA_OFFSET + 14, PStringLayout.payloadSize(7, PStringLayout.UTF16));
  }

  @Test
  void arrayElementsStartAtZeroAndAreNaturallyAligned() {
    assertEquals(0, ArrayLayout.DATA_OFFSET);
    assertEquals(24, ArrayLayout.payloadSize(3, ArrayLayout.LONG_SIZE));
    assertEquals(3, ArrayLayout.payloadSize(3, ArrayLayout.BYTE_SIZE));
    assertTrue((8 + ArrayLayout.DATA_OFFSET) % ArrayLayout.LONG_SIZE == 0, "longs 8-aligned");
  }
}

package org.jnvm.jpdt.collection;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The arithmetic of the map and list layouts: sizes, alignment, no overlap. */
class MapLayoutTest {

  @Test
  void headerFieldsFollowEachOtherAndTheReferenceIsAligned() {
    assertEquals(0, MapLayout.KEY_TYPE_OFFSET);
    assertEquals(4, MapLayout.VALUE_TYPE_OFFSET);
    assertEquals(8, MapLayout.SEGMENT_SLOTS_OFFSET);
    assertEquals(12, MapLayout.RESERVED_OFFSET);
    assertEquals(16, MapLayout.DIRECTORY_OFFSET);
    assertEquals(0, MapLayout.DIRECTORY_OFFSET % 8, "references are 8-aligned");
    assertEquals(24, MapLayout.SIZE);
  }

  @Test
  void entriesAndBlocksAreWholeReferences() {
    assertEquals(0, EntryLayout.KEY_OFFSET);
    assertEquals(8, EntryLayout.VALUE_OFFSET);
    assertEquals(16, EntryLayout.SIZE);
    assertEquals(0, BlockLayout.REFS_OFFSET);
    assertEquals(8L * 255, BlockLayout.payloadSize(255));
    assertEquals(
        2048,
        8 + BlockLayout.payloadSize(BaseHashMap.DEFAULT_SEGMENT_SLOTS),
        "a default segment fills a 2 KiB slot exactly");
  }

  @Test
  void listHeaderFieldsFollowEachOther() {
    assertEquals(0, ListLayout.ELEMENT_TYPE_OFFSET);
    assertEquals(4, ListLayout.RESERVED_OFFSET);
    assertEquals(8, ListLayout.ARRAY_OFFSET);
    assertEquals(0, ListLayout.ARRAY_OFFSET % 8, "references are 8-aligned");
    assertEquals(16, ListLayout.SIZE);
  }
}

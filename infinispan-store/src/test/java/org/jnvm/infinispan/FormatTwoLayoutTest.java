package org.jnvm.infinispan;

import static org.testng.Assert.assertEquals;
import static org.testng.Assert.assertTrue;

import org.testng.annotations.Test;

/**
 * Layout arithmetic of store format 2 (STYLE.md): every field of {@link StoreRecord} and {@link
 * SegmentTable} follows the one before it without a gap or an overlap, each naturally aligned, the
 * references on 8-byte boundaries, and the record's key fields in the object's first cache line (a
 * lookup compares hash, kind and length there before it reads the key bytes).
 */
@Test(groups = "unit")
public class FormatTwoLayoutTest {
  public void recordFieldsAreContiguousAndAligned() {
    int[][] fields = {
      {StoreRecord.KEY_HASH, 4},
      {StoreRecord.KEY_LEN, 4},
      {StoreRecord.KEY_INFO, 4},
      {StoreRecord.FLAGS, 4},
      {StoreRecord.VALUE_LEN, 4},
      {StoreRecord.META_LEN, 4},
      {StoreRecord.INTERNAL_LEN, 4},
      {StoreRecord.RESERVED, 4},
      {StoreRecord.VALUE, 8},
      {StoreRecord.KEY, 8},
      {StoreRecord.CREATED, 8},
      {StoreRecord.LAST_USED, 8},
      {StoreRecord.EXPIRY, 8},
      {StoreRecord.LIFESPAN, 8},
      {StoreRecord.MAX_IDLE, 8}
    };
    int at = 0;
    for (int[] f : fields) {
      assertEquals(f[0], at, "field at " + f[0] + " follows the one before it");
      assertEquals(f[0] % f[1], 0, "field at " + f[0] + " is aligned to its " + f[1] + " bytes");
      at += f[1];
    }
    assertEquals(StoreRecord.DATA, at, "the data follows the last fixed field");
    assertTrue(
        org.jnvm.core.heap.ObjectLayout.HEADER + StoreRecord.KEY_INFO + 4 <= 64,
        "hash, length and kind sit in the object's first line");
  }

  public void tableSlotsFollowItsHeader() {
    assertEquals(SegmentTable.CAPACITY, 0);
    assertEquals(SegmentTable.RESERVED, 4);
    assertEquals(SegmentTable.SLOTS, 8);
    assertEquals(SegmentTable.SLOT_BYTES, 8);
    assertEquals(SegmentTable.SLOTS % 8, 0, "slots are 8-byte aligned: one store each");
    assertEquals(Integer.bitCount(SegmentTable.MIN_CAPACITY), 1);
    assertEquals(Integer.bitCount(SegmentTable.MAX_CAPACITY), 1);
    assertTrue(
        SegmentTable.SLOTS + (long) SegmentTable.SLOT_BYTES * SegmentTable.MAX_CAPACITY
            <= Integer.MAX_VALUE,
        "the largest table's payload fits an object's int size");
  }
}

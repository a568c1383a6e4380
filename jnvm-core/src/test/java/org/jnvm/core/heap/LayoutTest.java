package org.jnvm.core.heap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Layout arithmetic: sizes, alignment, no overlap. */
class LayoutTest {

  @Test
  void superblockFieldsAreContiguousAndFitTheRegion() {
    int[] offsets = {
      SuperblockLayout.MAGIC_OFFSET,
      SuperblockLayout.MAJOR_OFFSET,
      SuperblockLayout.MINOR_OFFSET,
      SuperblockLayout.LINE_OFFSET,
      SuperblockLayout.RESERVED0_OFFSET,
      SuperblockLayout.HEAP_SIZE_OFFSET,
      SuperblockLayout.CHUNK_SIZE_OFFSET,
      SuperblockLayout.CHUNK_COUNT_OFFSET,
      SuperblockLayout.TABLE_OFFSET,
      SuperblockLayout.DATA_OFFSET,
      SuperblockLayout.ROOTS_OFFSET,
      SuperblockLayout.REGISTRY_OFFSET,
      SuperblockLayout.CREATED_OFFSET,
      SuperblockLayout.RESERVED_OFFSET,
      SuperblockLayout.CHECKSUM_OFFSET
    };
    int[] sizes = {8, 2, 2, 2, 2, 8, 4, 4, 8, 8, 8, 8, 8, 48, 8};
    for (int i = 1; i < offsets.length; i++) {
      assertEquals(
          offsets[i - 1] + sizes[i - 1], offsets[i], "field " + i + " follows field " + (i - 1));
      assertEquals(0, offsets[i] % Math.min(8, sizes[i]), "field " + i + " naturally aligned");
    }
    assertEquals(SuperblockLayout.SIZE, offsets[offsets.length - 1] + 8);
    assertTrue(SuperblockLayout.SIZE <= SuperblockLayout.REGION);
    assertEquals(
        "JNVMHEAP",
        new String(
            java.nio.ByteBuffer.allocate(8)
                .order(java.nio.ByteOrder.LITTLE_ENDIAN)
                .putLong(SuperblockLayout.MAGIC)
                .array()));
  }

  @Test
  void geometryKeepsTableAndChunksInsideTheFile() {
    for (long size :
        new long[] {
          HeapGeometry.minHeapSize(), 1 << 20, 10_000_019L, 1L << 30, HeapGeometry.MAX_HEAP
        }) {
      HeapGeometry g = HeapGeometry.forSize(size);
      assertTrue(g.chunkCount() >= HeapGeometry.MIN_CHUNKS, "chunks for " + size);
      assertTrue(g.tableOffset() >= SuperblockLayout.REGION);
      assertTrue(g.tableOffset() + (long) g.chunkCount() * ChunkLayout.SIZE <= g.dataOffset());
      assertEquals(0, g.dataOffset() % HeapGeometry.PAGE);
      assertTrue(g.dataEnd() <= size, "data inside the file for " + size);
      assertTrue(size - g.dataEnd() < HeapGeometry.CHUNK + HeapGeometry.PAGE, "little waste");
    }
  }

  @Test
  void sizeClassesAreLineMultiplesAndCoverEverySmallSize() {
    int prev = 0;
    for (int s : SizeClasses.SLOT) {
      assertEquals(0, s % 64, "slot " + s);
      assertTrue(s > prev);
      prev = s;
    }
    for (int bytes = 1; bytes <= SizeClasses.MAX_SMALL; bytes++) {
      int sc = SizeClasses.classOf(bytes);
      assertTrue(SizeClasses.SLOT[sc] >= bytes, "fits " + bytes);
      assertTrue(sc == 0 || SizeClasses.SLOT[sc - 1] < bytes, "smallest for " + bytes);
    }
  }

  @Test
  void rootEntriesNeverStraddleALine() {
    for (int i = 0; i < RootSegmentLayout.ENTRIES; i++) {
      long start = RootSegmentLayout.entry(0, i);
      assertEquals(start / 64, (start + RootSegmentLayout.ENTRY - 1) / 64, "entry " + i);
    }
    assertEquals(RootSegmentLayout.PAYLOAD, RegistrySegmentLayout.PAYLOAD, "one slot class");
  }

  @Test
  void chunkDescriptorsRoundTrip() {
    long d = ChunkLayout.encode(ChunkLayout.LARGE_HEAD, 12345);
    assertEquals(ChunkLayout.LARGE_HEAD, ChunkLayout.kind(d));
    assertEquals(12345, ChunkLayout.arg(d));
    assertTrue(ChunkLayout.wellFormed(d));
    assertTrue(!ChunkLayout.wellFormed(d | 0x100));
    assertEquals(8, ObjectLayout.HEADER);
  }

  @Test
  void shapeTableHeadsAreContiguousAndRoundTrip() {
    assertEquals(ShapeTableLayout.MAGIC_OFFSET + 4, ShapeTableLayout.VERSION_OFFSET);
    assertEquals(ShapeTableLayout.VERSION_OFFSET + 4, ShapeTableLayout.CHAIN_COUNT_OFFSET);
    assertEquals(ShapeTableLayout.CHAIN_COUNT_OFFSET + 4, ShapeTableLayout.FIELD_COUNT_OFFSET);
    assertEquals(16, ShapeTableLayout.HEAD);
    int[] field = {
      ShapeTableLayout.FIELD_OFFSET_OFFSET,
      ShapeTableLayout.FIELD_SIZE_OFFSET,
      ShapeTableLayout.FIELD_OWNER_OFFSET,
      ShapeTableLayout.FIELD_NAME_LENGTH_OFFSET,
      ShapeTableLayout.FIELD_DESC_LENGTH_OFFSET,
      ShapeTableLayout.FIELD_HEAD
    };
    int[] sizes = {4, 2, 2, 2, 2};
    for (int i = 0; i < sizes.length; i++) assertEquals(field[i] + sizes[i], field[i + 1]);
    ClassShape s =
        ClassShape.parse(
                "a.Derived",
                "a.Shape{base:J@0 tag:I@8} a.Derived{extra:J@16 name:Ljava/lang/String;@24}",
                32)
            .withVersion(3);
    byte[] t = ShapeTableLayout.encode(s);
    assertEquals(
        16
            + (2 + 7)
            + (2 + 9)
            + 12 * 4
            + "basetagextraname".length()
            + "JIJLjava/lang/String;".length(),
        t.length);
    assertEquals(s, ShapeTableLayout.decode(t, 32, 64));
    assertEquals(
        "a.Shape{base:J@0 tag:I@8} a.Derived{extra:J@16 name:Ljava/lang/String;@24}", s.text());
    assertEquals(1, s.fields().get(2).owner());
  }

  @Test
  void shapeTableFollowsTheNameAtAFourByteBoundary() {
    assertEquals(ClassEntryLayout.REFS_OFFSET + 4 * 2 + 5, ClassEntryLayout.payloadSize(2, 5, 0));
    int nameEnd = ClassEntryLayout.REFS_OFFSET + 4 * 2 + 5;
    assertEquals(((nameEnd + 3) / 4) * 4 + 40, ClassEntryLayout.payloadSize(2, 5, 40));
    assertEquals(0, ShapeTableLayout.start(nameEnd) % 4);
    assertTrue(ShapeTableLayout.start(nameEnd) - nameEnd < 4);
  }

  @Test
  void aDamagedShapeTableIsRefusedNotTrusted() {
    ClassShape s = ClassShape.parse("a.B", "a.B{x:I@0 r:La/C;@8}", 16);
    byte[] t = ShapeTableLayout.encode(s);
    byte[] shortened = java.util.Arrays.copyOf(t, t.length - 1);
    assertThrows(HeapCorruptException.class, () -> ShapeTableLayout.decode(shortened, 16, 70));
    byte[] longer = java.util.Arrays.copyOf(t, t.length + 1);
    assertThrows(HeapCorruptException.class, () -> ShapeTableLayout.decode(longer, 16, 70));
    HeapCorruptException e =
        assertThrows(HeapCorruptException.class, () -> ShapeTableLayout.decode(t, 8, 70));
    assertTrue(e.getMessage().contains("id=70 bad shape field r:La/C;@8"), e.getMessage());
    byte[] badMagic = t.clone();
    badMagic[0] ^= 1;
    assertThrows(HeapCorruptException.class, () -> ShapeTableLayout.decode(badMagic, 16, 70));
  }

  @Test
  void conversionLogEntriesStartOnALineAndFillOneLargestSmallSlot() {
    assertEquals(0, ConversionLogLayout.COUNT_OFFSET);
    assertEquals(ConversionLogLayout.COUNT_OFFSET + 8, ConversionLogLayout.CAPACITY_OFFSET);
    assertTrue(ConversionLogLayout.CAPACITY_OFFSET + 8 <= ConversionLogLayout.ENTRIES_OFFSET);
    assertEquals(0, (ObjectLayout.HEADER + ConversionLogLayout.ENTRIES_OFFSET) % 64);
    assertEquals(SizeClasses.MAX_SMALL, ObjectLayout.HEADER + ConversionLogLayout.PAYLOAD);
    assertEquals(
        ConversionLogLayout.PAYLOAD,
        ConversionLogLayout.ENTRIES_OFFSET + ConversionLogLayout.CAPACITY);
    assertEquals(16, ConversionLogLayout.IMAGE_OFFSET);
    assertEquals(16 + 8 + 32, ConversionLogLayout.entrySize(8 + 27), "images rounded up to 8");
  }
}

package org.jnvm.jpdt.collection;

import static org.jnvm.jpdt.PTypes.bytes;
import static org.jnvm.jpdt.PTypes.strings;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Map;
import org.jnvm.core.heap.Heap;
import org.jnvm.core.heap.HeapCheck;
import org.jnvm.core.heap.ObjectLayout;
import org.jnvm.core.heap.PObject;
import org.jnvm.core.heap.TestHeaps;
import org.jnvm.core.pmem.Pmem;
import org.jnvm.jpdt.collection.MapCrashTest.Kind;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * {@link ContainerChecker} through {@link HeapCheck}: references corrupted to land on another valid
 * object pass the core verifier (every reference is well formed) but not the containers' check,
 * which names the map, the slot and the classes.
 */
class ContainerCheckTest {
  private interface Damage {
    void apply(Heap heap, long map);
  }

  private static HeapCheck.Result damaged(Kind kind, String name, Damage d) throws Exception {
    try (TestHeaps t = new TestHeaps()) {
      Path p = t.path(name);
      try (Heap h = Heap.create(p, 1 << 20)) {
        Map<String, byte[]> m = kind.create(h, strings(), bytes(), 4);
        for (int i = 0; i < 6; i++) m.put("k" + i, new byte[] {(byte) i});
        h.roots().put("m", (PObject) m);
        HeapCheck.Result healthy = HeapCheck.checkOpen(h);
        assertTrue(healthy.ok(), healthy::toString);
        d.apply(h, ((PObject) m).offset());
        assertTrue(h.verify().ok(), "the core verifier alone sees nothing: " + h.verify());
      }
      return HeapCheck.check(p);
    }
  }

  /** The address of the first entry's slot word, and of the second entry (its offset). */
  private static long[] firstTwoSlots(Heap h, long map) {
    long dir = h.base() + MapLayout.directory(h.base() + map);
    long[] found = new long[4];
    int n = 0;
    for (int i = 0; i < BlockLayout.length(dir) && n < 2; i++) {
      long seg = h.base() + BlockLayout.ref(dir, i);
      if (seg == h.base()) break;
      for (int j = 0; j < BlockLayout.length(seg) && n < 2; j++) {
        long e = BlockLayout.ref(seg, j);
        if (e != 0) {
          found[2 * n] = BlockLayout.address(seg, j);
          found[2 * n + 1] = e;
          n++;
        }
      }
    }
    return found;
  }

  @ParameterizedTest
  @EnumSource(Kind.class)
  void aSlotPointingAtAnotherEntryIsFound(Kind kind) throws Exception {
    HeapCheck.Result r =
        damaged(
            kind,
            "slot",
            (h, map) -> {
              long[] s = firstTwoSlots(h, map);
              Pmem.putLong(s[0], s[3]); // slot 1's entry, now in two slots
            });
    assertTrue(!r.ok() && r.opens(), r::toString);
    assertTrue(r.toString().contains("is in two slots"), r::toString);
  }

  @ParameterizedTest
  @EnumSource(Kind.class)
  void aValuePointingAtAKeyIsFound(Kind kind) throws Exception {
    HeapCheck.Result r =
        damaged(
            kind,
            "value",
            (h, map) -> {
              long rec = h.base() + firstTwoSlots(h, map)[1];
              EntryLayout.value(rec, EntryLayout.key(rec)); // the value is now the key PString
            });
    assertTrue(!r.ok(), r::toString);
    assertTrue(
        r.toString().contains("is a org.jnvm.jpdt.PString, expected org.jnvm.jpdt.PByteArray"),
        r::toString);
  }

  @ParameterizedTest
  @EnumSource(Kind.class)
  void aMissingDirectoryIsFound(Kind kind) throws Exception {
    HeapCheck.Result r = damaged(kind, "dir", (h, map) -> MapLayout.directory(h.base() + map, 0));
    assertTrue(r.toString().contains("no directory"), r::toString);
  }

  @ParameterizedTest
  @EnumSource(Kind.class)
  void anUnknownTypeCodeIsFound(Kind kind) throws Exception {
    HeapCheck.Result r = damaged(kind, "code", (h, map) -> MapLayout.valueType(h.base() + map, 77));
    assertTrue(r.toString().contains("unknown value type code 77"), r::toString);
  }

  @ParameterizedTest
  @EnumSource(Kind.class)
  void aStringKeysStoredHashIsCheckedAgainstItsCharacters(Kind kind) throws Exception {
    HeapCheck.Result r =
        damaged(
            kind,
            "hash",
            (h, map) -> {
              long key = h.base() + EntryLayout.key(h.base() + firstTwoSlots(h, map)[1]);
              Pmem.putInt(key + ObjectLayout.HEADER, 0x1234_5678); // PString's hash, payload 0
            });
    assertTrue(!r.ok() && r.opens(), r::toString);
    assertTrue(
        r.toString().contains("has stored hash 0x12345678, its characters hash to 0x"),
        r::toString);
  }

  @ParameterizedTest
  @EnumSource(Kind.class)
  void aValueCopySharedByTwoEntriesIsFound(Kind kind) throws Exception {
    HeapCheck.Result r =
        damaged(
            kind,
            "shared-value",
            (h, map) -> {
              long[] s = firstTwoSlots(h, map);
              long second = EntryLayout.value(h.base() + s[3]);
              EntryLayout.value(h.base() + s[1], second); // both entries own one byte array
            });
    assertTrue(!r.ok() && r.opens(), r::toString);
    assertTrue(
        r.toString().contains("is a copy its entry owns, but it is also the value of"),
        r::toString);
  }

  /** Two maps; the first entry of the first gets the key object of the second's first entry. */
  @ParameterizedTest
  @EnumSource(Kind.class)
  void aKeyPointingAtAnotherMapsKeyIsFound(Kind kind) throws Exception {
    try (TestHeaps t = new TestHeaps()) {
      Path p = t.path("foreign-key");
      long other;
      try (Heap h = Heap.create(p, 1 << 20)) {
        Map<String, byte[]> m = kind.create(h, strings(), bytes(), 4);
        Map<String, byte[]> m2 = kind.create(h, strings(), bytes(), 4);
        for (int i = 0; i < 6; i++) {
          m.put("k" + i, new byte[] {(byte) i});
          m2.put("other" + i, new byte[] {(byte) i});
        }
        h.roots().put("m", (PObject) m);
        h.roots().put("m2", (PObject) m2);
        long rec = h.base() + firstTwoSlots(h, ((PObject) m).offset())[1];
        long rec2 = h.base() + firstTwoSlots(h, ((PObject) m2).offset())[1];
        other = ((PObject) m2).offset();
        EntryLayout.key(rec, EntryLayout.key(rec2));
        assertTrue(h.verify().ok(), "the core verifier alone sees nothing: " + h.verify());
      }
      HeapCheck.Result r = HeapCheck.check(p);
      assertTrue(!r.ok() && r.opens(), r::toString);
      assertTrue(r.toString().contains("is shared: it is also the key of map 0x"), r::toString);
      assertTrue(r.toString().contains(Long.toHexString(other)), r::toString);
    }
  }
}

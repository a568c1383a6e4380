package org.jnvm.bench.jpdt;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.NavigableMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.openjdk.jmh.infra.Blackhole;

class MapBenchTest {
  static final int ENTRIES = 1000;
  static final int ROUNDS = 600;

  private static final Blackhole BH =
      new Blackhole(
          "Today's password is swordfish. I understand instantiating Blackholes directly is"
              + " dangerous.");

  private final MapBench bench = new MapBench();

  /**
   * The J-PDT map and its twin run the same operations on the same keys and records (one pick
   * sequence each, in lockstep): they must end equal, at the size they started with.
   */
  @ParameterizedTest
  @EnumSource(MapKind.class)
  void aMapAndItsTwinStayEqual(MapKind kind) {
    PersistentMap p = new PersistentMap();
    TwinMap t = new TwinMap();
    p.kind = kind;
    t.kind = kind;
    p.entries = t.entries = ENTRIES;
    try {
      p.build();
      t.build();
      for (int i = 0; i < ROUNDS; i++) {
        bench.update(p, BH);
        bench.twinUpdateFenced(t, BH);
        bench.removeInsert(p, BH);
        bench.twinRemoveInsertFenced(t, BH);
        bench.get(p, BH);
        bench.twinGet(t, BH);
      }
      assertEquals(ENTRIES, p.map.size());
      assertEquals(ENTRIES, t.map.size());
      for (String k : t.keys) assertArrayEquals(t.map.get(k), p.map.get(k), k);
    } finally {
      p.close();
      t.close();
    }
    assertFalse(Files.exists(p.heap.path()), "the heap file is deleted");
  }

  @Test
  void scansWalkTheSameKeys() {
    PersistentOrdered p = new PersistentOrdered();
    TwinOrdered t = new TwinOrdered();
    p.entries = t.entries = ENTRIES;
    try {
      p.build();
      t.build();
      String from = p.keys[ENTRIES / 2];
      assertEquals(first(t.map, from), first(p.map, from));
      new ScanBench().scan(p, BH);
      new ScanBench().twinScan(t, BH);
    } finally {
      p.close();
      t.close();
    }
  }

  private static List<String> first(java.util.Map<String, byte[]> m, String from) {
    List<String> keys = new ArrayList<>();
    for (String k : ((NavigableMap<String, byte[]>) m).tailMap(from, true).keySet()) {
      if (keys.size() == ScanBench.SCAN) break;
      keys.add(k);
    }
    return keys;
  }
}

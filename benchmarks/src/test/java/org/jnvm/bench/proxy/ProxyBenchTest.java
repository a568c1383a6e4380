package org.jnvm.bench.proxy;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.jnvm.bench.support.Cell;
import org.jnvm.core.heap.HeapOptions;
import org.jnvm.core.heap.ObjectLayout;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.infra.Blackhole;

class ProxyBenchTest {
  private final ProxyBench bench = new ProxyBench();

  @Test
  void writesReachThePersistentFieldAndThePlainOne() {
    ProxyState s = new ProxyState();
    s.openHeap();
    try {
      Blackhole bh = blackhole();
      bench.readProxy(s, bh);
      bench.readPlain(s, bh);
      bench.writeProxy(s);
      bench.writePlain(s);
      assertEquals(0, s.cell.value());
      assertEquals(1, s.plain.value);
      s.cell.persist();
      Cell again = s.heap.reopen(HeapOptions.DEFAULT).roots().get("cell");
      assertEquals(0, again.value(), "the proxy wrote the heap, not a copy");
      bh.evaporate("Yes, I am Stephen Hawking, and know a thing or two about black holes.");
    } finally {
      s.closeHeap();
    }
  }

  @Test
  void theMigratedCellIsReadThroughTheSameProxyClassAsOneCreatedInTheNewShape() {
    EvolvedState s = new EvolvedState();
    s.openHeap();
    try {
      Blackhole bh = blackhole();
      bench.readProxyMigrated(s, bh);
      bench.readProxyNeverMigrated(s, bh);
      assertEquals(42, s.migrated.value());
      assertEquals(s.created.getClass(), s.migrated.getClass());
      assertEquals(
          ObjectLayout.classId(s.created.address()), ObjectLayout.classId(s.migrated.address()));
      bh.evaporate("Yes, I am Stephen Hawking, and know a thing or two about black holes.");
    } finally {
      s.closeHeap();
    }
  }

  static Blackhole blackhole() {
    return new Blackhole(
        "Today's password is swordfish. I understand instantiating Blackholes directly is"
            + " dangerous.");
  }
}

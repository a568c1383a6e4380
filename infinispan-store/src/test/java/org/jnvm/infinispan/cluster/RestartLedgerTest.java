package org.jnvm.infinispan.cluster;

import static org.testng.Assert.assertEquals;
import static org.testng.Assert.assertFalse;
import static org.testng.Assert.assertSame;
import static org.testng.Assert.assertThrows;
import static org.testng.Assert.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.BitSet;
import java.util.Set;
import org.testng.annotations.AfterMethod;
import org.testng.annotations.BeforeMethod;
import org.testng.annotations.Test;

/**
 * The ledger beside a heap: absent means nothing stale; written whole, read back the same. (TestNG,
 * as the whole module: written for JUnit, it never ran.)
 */
public class RestartLedgerTest {
  private Path dir;

  @BeforeMethod
  public void makeDir() throws Exception {
    dir = Files.createTempDirectory("jnvm-ledger-test");
  }

  @AfterMethod(alwaysRun = true)
  public void removeDir() throws Exception {
    try (var files = Files.list(dir)) {
      for (Path f : files.toList()) Files.delete(f);
    }
    Files.delete(dir);
  }

  @Test
  public void aHeapWithoutALedgerKnowsNothingStale() {
    RestartLedger l = RestartLedger.read(dir.resolve("n.heap"));
    assertTrue(l.stale().isEmpty());
    assertFalse(l.receiving());
  }

  @Test
  public void writtenThenReadBack() throws Exception {
    Path heap = dir.resolve("n.heap");
    StaleMap marks = StaleMap.parse("b:0-3,7").with("a", bits(5));
    RestartLedger.read(heap).withStale(marks).withReceiving(true).write();
    assertEquals(
        "stale=a,b\nstale.a=5\nstale.b=0-3,7\nreceiving=true\n",
        Files.readString(RestartLedger.fileOf(heap)));
    RestartLedger back = RestartLedger.read(heap);
    assertEquals(marks, back.stale());
    assertTrue(back.stale().stale("b", 2) && !back.stale().stale("b", 4));
    assertTrue(back.receiving());
    back.withStale(back.stale().without(Set.of("a", "b"))).withReceiving(false).write();
    RestartLedger cleared = RestartLedger.read(heap);
    assertTrue(cleared.stale().isEmpty());
    assertFalse(cleared.receiving());
    assertFalse(Files.exists(dir.resolve("n.heap.ledger.tmp")), "no temporary file left");
  }

  @Test
  public void aFirstFormatLedgerMarksItsNodesStaleInEverySegment() throws Exception {
    Path heap = dir.resolve("n.heap");
    Files.writeString(RestartLedger.fileOf(heap), "stale=a,b\nreceiving=false\n");
    StaleMap s = RestartLedger.read(heap).stale();
    assertTrue(s.allStale("a") && s.allStale("b") && s.stale("a", 255), s.toString());
    assertEquals("a:*;b:*", s.toString());
  }

  @Test
  public void marksOnlyGrowUntilCleared() {
    StaleMap m = StaleMap.EMPTY.with("a", bits(1, 2, 3));
    assertSame(m, m.with("a", bits(2)), "already marked: the same map, no ledger write");
    StaleMap more = m.with("a", bits(9));
    assertEquals("a:1-3,9", more.toString());
    StaleMap all = more.withAll("a");
    assertSame(all, all.with("a", bits(4)), "every segment already: the same map");
    assertEquals(more, StaleMap.parse(more.toString()));
    assertThrows(IllegalArgumentException.class, () -> StaleMap.parse("a:3-1"));
    assertThrows(IllegalArgumentException.class, () -> StaleMap.parse("a:x"));
    assertThrows(IllegalArgumentException.class, () -> StaleMap.parse("nocolon"));
  }

  private static BitSet bits(int... s) {
    BitSet b = new BitSet();
    for (int i : s) b.set(i);
    return b;
  }
}

package org.jnvm.codegen;

import static org.jnvm.codegen.Versions.c;
import static org.jnvm.codegen.Versions.f;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.jnvm.codegen.Versions.C;
import org.jnvm.core.JNVM;
import org.jnvm.core.heap.Heap;
import org.jnvm.core.heap.PObject;
import org.jnvm.core.heap.TestHeaps;
import org.jnvm.jpdt.PTypes;
import org.jnvm.jpdt.collection.PArrayList;
import org.jnvm.jpdt.collection.PHashMap;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Everything built on classes follows their evolution (issue 51, item 4): J-PDT containers holding
 * objects of a class that changed, and failure-atomic methods of a class that changed, run on
 * migrated objects (committed and aborted blocks), each across a reopen with the new version.
 */
class EvolutionCompositionTest {
  private static final String PKG = "org.jnvm.codegen.evo.compose.";
  private TestHeaps heaps;
  private Path path;

  @BeforeEach
  void open() {
    heaps = new TestHeaps();
    path = heaps.path("evolution-compose");
    JNVM.init(path.toString(), 8 << 20);
  }

  @AfterEach
  void close() throws Exception {
    JNVM.close();
    heaps.close();
  }

  private Heap reopenHeap() {
    JNVM.close();
    Heap h = JNVM.init(path.toString(), 8 << 20);
    assertTrue(h.verify().ok(), h.verify().toString());
    return h;
  }

  /**
   * A list and a map of version-1 objects (an int widened to long and moved, a field added in
   * version 2) read back through version 2 after a reopen: every element converted, the containers
   * still usable (a version-2 element added, a reopen reads it all).
   */
  @Test
  void jpdtContainersHoldMigratedElements() {
    C v1 = c(PKG + "Item", f("id", "I"), f("weight", "J"));
    C v2 = c(PKG + "Item", f("weight", "J"), f("id", "J"), f("note", "I"));
    Class<?> old = Versions.load(v1);
    PArrayList<PObject> list = new PArrayList<>(JNVM.heap(), PTypes.objects());
    PHashMap<String, PObject> map = new PHashMap<>(JNVM.heap(), PTypes.strings(), PTypes.objects());
    for (int i = 0; i < 100; i++) {
      Object o = Versions.create(old);
      Versions.set(o, "id", i);
      Versions.set(o, "weight", 10L * i);
      list.add((PObject) o);
      map.put("k" + i, (PObject) o);
    }
    JNVM.root.put("list", list);
    JNVM.root.put("map", map);

    Class<?> now = Versions.load(v2);
    reopenHeap();
    PArrayList<PObject> l2 = JNVM.root.get("list");
    PHashMap<String, PObject> m2 = JNVM.root.get("map");
    assertEquals(100, l2.size());
    for (int i = 0; i < 100; i++) {
      PObject o = l2.get(i);
      assertSame(now, o.getClass());
      assertEquals((long) i, Versions.get(o, "id"));
      assertEquals(10L * i, Versions.get(o, "weight"));
      assertEquals(0, Versions.get(o, "note"));
      assertEquals(((PObject) o).address(), m2.get("k" + i).address(), "one object, two holders");
    }
    Object added = Versions.create(now);
    Versions.set(added, "id", 100L);
    Versions.set(added, "note", 7);
    l2.add((PObject) added);
    m2.put("k100", (PObject) added);

    reopenHeap();
    PArrayList<PObject> l3 = JNVM.root.get("list");
    PHashMap<String, PObject> m3 = JNVM.root.get("map");
    assertEquals(101, l3.size());
    assertEquals(101, m3.size());
    assertEquals(7, Versions.get(m3.get("k100"), "note"));
    assertEquals(99L, Versions.get(l3.get(99), "id"));
    assertEquals(0, JNVM.heap().recoveryReport().reclaimed(), "nothing leaked");
  }

  /**
   * Version 2 of a failure-atomic class (its counter renamed, a field added in front of it) runs
   * its failure-atomic method on a migrated object: a committed call is durable, an aborted one
   * (the method throws after its store) leaves the value as it was, in memory and after a reopen.
   */
  @Test
  void failureAtomicMethodsOfAnEvolvedClassCommitAndAbortOnMigratedObjects() {
    C v1 = c(PKG + "Counter", f("x", "I"));
    C v2 = c(PKG + "Counter", f("since", "J"), f("count", "I", "x"));
    Object o = Versions.create(Versions.loadFailureAtomic("x", v1));
    Versions.bump(o, 41);
    assertThrows(IllegalArgumentException.class, () -> Versions.bump(o, -100));
    assertEquals(41, Versions.get(o, "x"), "version 1's aborted block");
    JNVM.root.put("c", (PObject) o);

    Class<?> now = Versions.loadFailureAtomic("count", v2);
    reopenHeap();
    Object m = JNVM.root.get("c");
    assertSame(now, m.getClass());
    assertEquals(41, Versions.get(m, "count"));
    Versions.bump(m, 1);
    assertThrows(IllegalArgumentException.class, () -> Versions.bump(m, -5));
    assertEquals(42, Versions.get(m, "count"), "the aborted block restored the migrated field");
    assertEquals(0L, Versions.get(m, "since"));

    reopenHeap();
    assertEquals(42, Versions.get(JNVM.root.get("c"), "count"));
  }
}

package org.jnvm.codegen;

import static org.jnvm.codegen.Versions.c;
import static org.jnvm.codegen.Versions.f;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.atomic.AtomicBoolean;
import org.jnvm.codegen.Versions.C;
import org.jnvm.core.JNVM;
import org.jnvm.core.JnvmException;
import org.jnvm.core.heap.Heap;
import org.jnvm.core.heap.ObjectLayout;
import org.jnvm.core.heap.PObject;
import org.jnvm.core.heap.ShapeConversion;
import org.jnvm.core.pmem.Pmem;
import org.jnvm.emulation.crash.CrashConfig;
import org.jnvm.emulation.crash.CrashModel;
import org.jnvm.emulation.crash.CrashStats;
import org.jnvm.emulation.crash.CrashTest;
import org.junit.jupiter.api.Test;

/**
 * A class migration under the crash simulator (EVICTION): a list of objects of version 1 is
 * migrated to version 2 (a field widened, two same-size fields swapped, one added: every object
 * changes size and every field moves) by {@code Heap.migrate} (what a first use does). At every
 * fence, every image must recover to a heap where each object of the list is wholly in one of the
 * two shapes (its header's class id, its size and every field's value agree), none is lost, and
 * after the acknowledgement all are in the new shape; reading the list then finishes the migration.
 *
 * <p>Under the simulator the migration runs two workers, each with its own conversion log, in turns
 * on one thread (every worker arms a batch, then every worker converts its own): the images of a
 * fence in the second step hold both logs armed at once, and recovery must undo both.
 */
class MigrationCrashTest {
  private static final String NAME = "org.jnvm.codegen.evo.Migrated";
  private static final String SELF = "L" + NAME.replace('.', '/') + ";";

  /** v1 layout: c long @0, next @8, a int @16, b int @20 (24 bytes). */
  private static final C V1 = c(NAME, f("a", "I"), f("b", "I"), f("c", "J"), f("next", SELF));

  /**
   * v2 layout: a long @0, c long @8, next @16, b int @24, d int @28 (32 bytes): {@code a} widened,
   * {@code b} moved, {@code d} added.
   */
  private static final C V2 =
      c(NAME, f("b", "I"), f("a", "J"), f("c", "J"), f("next", SELF), f("d", "I"));

  /**
   * Two workers of 500 objects each, two batches each (340 entries of 48 bytes fill a log's 16,320
   * bytes, then 160).
   */
  private static final int N = 1000;

  /** Objects in the second batch of each worker. */
  private static final int SECOND = N / 2 - 340;

  private static Class<?> v1;
  private static Class<?> v2;

  private static synchronized Class<?> v1() {
    if (v1 == null) v1 = Versions.load(V1);
    return v1;
  }

  private static synchronized Class<?> v2() {
    if (v2 == null) v2 = Versions.load(V2);
    return v2;
  }

  /** Object i holds a = i, b = 2i, c = 1000 + i; root "list" is object 0. */
  static void setup(Heap h) {
    JNVM.use(h);
    Object next = null;
    for (int i = N - 1; i >= 0; i--) {
      Object o = Versions.create(v1());
      Versions.set(o, "a", i);
      Versions.set(o, "b", 2 * i);
      Versions.set(o, "c", 1000L + i);
      Versions.set(o, "next", next);
      ((PObject) o).persist();
      next = o;
    }
    h.roots().put("list", (PObject) next);
  }

  /**
   * Reads the list from media alone (no proxy, so no migration): "n=1000 v1=x v2=y", or the first
   * object whose header and fields do not agree with either shape.
   */
  static String observe(Heap h, int v1Id) {
    long off = h.roots().offsetOf("list");
    int n = 0;
    int old = 0;
    int now = 0;
    for (; off != 0; n++) {
      long a = h.base() + off;
      long p = a + ObjectLayout.HEADER;
      int id = ObjectLayout.classId(a);
      boolean isOld = id == v1Id;
      String bad = isOld ? checkV1(a, p, n) : checkV2(a, p, n);
      if (bad != null) return "object " + n + " (id " + id + "): " + bad;
      if (isOld) old++;
      else now++;
      off = Pmem.getLong(p + (isOld ? 8 : 16));
    }
    return "n=" + n + " v1=" + old + " v2=" + now;
  }

  private static String checkV1(long a, long p, int i) {
    boolean ok =
        ObjectLayout.size(a) == 24
            && Pmem.getLong(p) == 1000L + i
            && Pmem.getInt(p + 16) == i
            && Pmem.getInt(p + 20) == 2 * i;
    return ok ? null : "not v1 " + i;
  }

  private static String checkV2(long a, long p, int i) {
    boolean ok =
        ObjectLayout.size(a) == 32
            && Pmem.getLong(p) == i
            && Pmem.getLong(p + 8) == 1000L + i
            && Pmem.getInt(p + 24) == 2 * i
            && Pmem.getInt(p + 28) == 0;
    return ok ? null : "not v2 " + i;
  }

  /** After the raw check: reading through version 2 finishes the migration, every value intact. */
  static void readAll(Heap h) {
    JNVM.use(h);
    v2();
    Object o = h.roots().get("list");
    for (int i = 0; i < N; i++, o = Versions.get(o, "next")) {
      assertEquals((long) i, Versions.get(o, "a"));
      assertEquals(2 * i, Versions.get(o, "b"));
      assertEquals(0, Versions.get(o, "d"));
    }
    assertEquals(null, o);
  }

  @Test
  void eachObjectIsInExactlyOneShapeAtEveryFenceAndNoneIsLost() throws Exception {
    AtomicBoolean acked = new AtomicBoolean();
    int v1Id = 64;
    CrashStats s =
        CrashTest.named("codegen: class migration")
            .config(CrashConfig.standard(CrashModel.EVICTION))
            .setup(MigrationCrashTest::setup)
            .workload(
                heap -> {
                  assertEquals(N, heap.migrate(Versions.type(v2())));
                  acked.set(true);
                })
            .check(
                heap -> {
                  String seen = observe(heap, v1Id);
                  assertTrue(seen.startsWith("n=" + N + " "), seen);
                  if (acked.get()) assertEquals("n=" + N + " v1=0 v2=" + N, seen);
                  readAll(heap);
                  assertEquals("n=" + N + " v1=0 v2=" + N, observe(heap, v1Id));
                })
            .run();
    assertTrue(s.fences() >= 16, "two batches of two workers at least: " + s);
  }

  /**
   * A conversion that throws in worker 0's second batch, while worker 1's second batch is armed:
   * the first batches stay converted, worker 0's second is rolled back in place (its images written
   * back before its count is cleared) and worker 1's second still commits, at every fence.
   */
  @Test
  void aThrowingConversionLeavesEveryObjectInOneShape() throws Exception {
    AtomicBoolean acked = new AtomicBoolean();
    int[] calls = {0};
    ShapeConversion.register(
        NAME,
        (stored, current) -> {
          if (++calls[0] == 2 * 340 + 20) throw new IllegalStateException("conversion bug");
        });
    try {
      CrashTest.named("codegen: class migration, conversion throws")
          .config(CrashConfig.standard(CrashModel.EVICTION))
          .setup(MigrationCrashTest::setup)
          .workload(
              heap -> {
                calls[0] = 0;
                assertThrows(JnvmException.class, () -> heap.migrate(Versions.type(v2())));
                acked.set(true);
              })
          .check(
              heap -> {
                String seen = observe(heap, 64);
                assertTrue(seen.startsWith("n=" + N + " "), seen);
                if (acked.get()) assertTrue(seen.contains(" v1=" + SECOND + " "), seen);
              })
          .run();
    } finally {
      ShapeConversion.unregister(NAME);
    }
  }
}

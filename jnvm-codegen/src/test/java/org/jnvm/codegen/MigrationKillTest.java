package org.jnvm.codegen;

import static org.jnvm.codegen.Versions.c;
import static org.jnvm.codegen.Versions.f;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jnvm.codegen.Versions.C;
import org.jnvm.core.JNVM;
import org.jnvm.core.heap.Heap;
import org.jnvm.core.heap.ObjectLayout;
import org.jnvm.core.heap.PObject;
import org.jnvm.core.heap.TestHeaps;
import org.jnvm.core.pmem.Pmem;
import org.jnvm.emulation.kill.KillChild;
import org.jnvm.emulation.kill.KillHarness;
import org.jnvm.emulation.kill.KillStats;
import org.junit.jupiter.api.Test;

/**
 * Migrations under SIGKILL on the real mapping: a child migrates a list of objects back and forth
 * between two shapes (A: {@code c @0, next @8, a @16, b @20}; B: {@code c @0, next @8, b @16,
 * a @20, d @24}, each migration a reorder plus a field added or removed), acknowledging each
 * finished migration by its shape version, until it is killed; after every kill the parent reopens
 * the heap and checks every object. Sizes by system property: {@code -Djnvm.kill.objects} (default
 * 50,000) and {@code -Djnvm.kill.rounds} (default 10); docs/evolution.md gives the 1M-object,
 * 100-kill run.
 */
class MigrationKillTest {
  static final String NAME = "org.jnvm.codegen.evo.Killed";
  private static final String SELF = "L" + NAME.replace('.', '/') + ";";
  static final C A = c(NAME, f("a", "I"), f("b", "I"), f("c", "J"), f("next", SELF));
  static final C B = c(NAME, f("b", "I"), f("a", "I"), f("c", "J"), f("next", SELF), f("d", "I"));
  private static final Pattern ENTRY =
      Pattern.compile(
          "^\\s+(\\d+)\\s+" + Pattern.quote(NAME) + "\\s+size=(\\d+)", Pattern.MULTILINE);
  private static final Pattern SHAPE =
      Pattern.compile("shape v(\\d+): " + Pattern.quote(NAME) + "\\{([^}]*)\\}");

  @Test
  void everyObjectIsInOneShapeAfterEveryKill() throws Exception {
    int n = Integer.getInteger("jnvm.kill.objects", 50_000);
    int rounds = Integer.getInteger("jnvm.kill.rounds", 10);
    try (TestHeaps heaps = new TestHeaps()) {
      Path path = heaps.path("kill-migration");
      write(path, n);
      KillStats s =
          KillHarness.builder(Child.class)
              .heap(path)
              .jvmArgs("-Xmx1g")
              .rounds(rounds)
              .seed(0x5EED_0051L)
              .minDelayMillis(0)
              .maxDelayMillis(n / 500 + 100)
              .checker((heap, lastAck) -> check(heap, n, lastAck))
              .run();
      System.out.println("[kill] migration of " + n + " objects: " + s);
      assertEquals(rounds, s.rounds());
    }
  }

  private static void write(Path path, int n) {
    Class<?> a = Versions.load(A);
    JNVM.init(path.toString(), (long) n * 64 + (64L << 20));
    try {
      Object next = null;
      for (int i = n - 1; i >= 0; i--) {
        Object o = Versions.create(a);
        Versions.set(o, "a", i);
        Versions.set(o, "b", 2 * i);
        Versions.set(o, "c", 1000L + i);
        Versions.set(o, "next", next);
        next = o;
      }
      JNVM.root.put("list", (PObject) next);
    } finally {
      JNVM.close();
    }
  }

  /** The latest shape version of the class in {@code h}, and whether it is B (has {@code d}). */
  static int[] latest(Heap h) {
    Matcher m = SHAPE.matcher(h.describe());
    int v = 0;
    boolean isB = false;
    while (m.find()) {
      int k = Integer.parseInt(m.group(1));
      if (k > v) {
        v = k;
        isB = m.group(2).contains(" d:I@");
      }
    }
    return new int[] {v, isB ? 1 : 0};
  }

  /** Every object wholly in one of the two shapes, none lost; all in the latest once acked. */
  private static void check(Path path, int n, long lastAck) {
    try (Heap h = Heap.open(path)) {
      Map<Integer, Integer> sizeById = new HashMap<>();
      Matcher m = ENTRY.matcher(h.describe());
      int latestId = 0;
      while (m.find()) {
        int id = Integer.parseInt(m.group(1));
        sizeById.put(id, Integer.parseInt(m.group(2)));
        latestId = Math.max(latestId, id);
      }
      int version = latest(h)[0];
      assertTrue(version >= lastAck, "acknowledged v" + lastAck + " but the latest is v" + version);
      boolean allLatest = version == lastAck;
      long off = h.roots().offsetOf("list");
      int i = 0;
      for (; off != 0; i++) {
        long a = h.base() + off;
        int id = ObjectLayout.classId(a);
        int size = ObjectLayout.size(a);
        assertEquals(sizeById.get(id), size, "object " + i + " header id " + id);
        assertTrue(!allLatest || id == latestId, "object " + i + " not migrated, v" + lastAck);
        checkValues(a + ObjectLayout.HEADER, size, i);
        off = Pmem.getLong(a + ObjectLayout.HEADER + 8);
      }
      assertEquals(n, i, "objects in the list");
      assertTrue(h.verify().ok(), h.verify().toString());
    }
  }

  private static void checkValues(long p, int size, int i) {
    boolean isA = size == 24;
    assertTrue(isA || size == 28, "object " + i + " of size " + size);
    assertEquals(1000L + i, Pmem.getLong(p), "c of " + i);
    assertEquals(isA ? i : 2 * i, Pmem.getInt(p + 16), "first int of " + i);
    assertEquals(isA ? 2 * i : i, Pmem.getInt(p + 20), "second int of " + i);
    if (!isA) assertEquals(0, Pmem.getInt(p + 24), "d of " + i);
  }

  /** The child: finishes the migration to the latest shape, then migrates back and forth. */
  public static final class Child {
    private Child() {}

    public static void main(String[] args) {
      KillChild.begin();
      try (Heap h = Heap.open(Path.of(args[0]))) {
        boolean toB = latest(h)[1] == 1;
        // finishing an interrupted migration: acknowledged only if it converted anything (if not,
        // the latest version was complete, and may have been acknowledged already)
        if (h.migrate(Versions.type(Versions.load(toB ? B : A))) > 0) KillChild.ack(latest(h)[0]);
        for (toB = !toB; ; toB = !toB) {
          h.migrate(Versions.type(Versions.load(toB ? B : A)));
          KillChild.ack(latest(h)[0]);
        }
      }
    }
  }
}

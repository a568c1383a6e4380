package org.jnvm.jpdt.collection;

import static org.jnvm.jpdt.PTypes.strings;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import org.jnvm.core.JNVM;
import org.jnvm.core.heap.Heap;
import org.jnvm.core.heap.PObject;
import org.jnvm.core.heap.PersistentClass;
import org.jnvm.core.heap.TestHeaps;
import org.jnvm.emulation.crash.CrashStats;
import org.jnvm.emulation.crash.CrashTest;
import org.jnvm.jpdt.PString;
import org.junit.jupiter.api.Test;

/** J-PDT types as the rest of J-NVM uses them: roots, fields of generated classes, restarts. */
class UsageTest {

  /**
   * What the code generator makes of {@code @Persistent class Account { PString owner;
   * PHashMap<String, String> tags; }}: reference fields, allocation in the default heap.
   */
  public static final class Account extends PObject {
    static final int OWNER = 0;
    static final int TAGS = 8;
    static final PersistentClass<Account> TYPE =
        PersistentClass.builder(Account.class.getName(), (h, a) -> new Account(h, a, null))
            .fixedSize(16)
            .refs(OWNER, TAGS)
            .layout("owner:ref@0 tags:ref@8")
            .build();

    Account(String owner) {
      super(JNVM.heap(), TYPE);
      setRef(OWNER, new PString(owner));
      setRef(TAGS, new PHashMap<>(strings(), strings()));
      persist();
    }

    private Account(Heap heap, long address, Resurrect r) {
      super(heap, address, r);
    }

    String owner() {
      return this.<PString>getRef(OWNER).toString();
    }

    PHashMap<String, String> tags() {
      return getRef(TAGS);
    }
  }

  @Test
  void typesWorkAsFieldsOfGeneratedClassesInTheDefaultHeap() throws Exception {
    try (TestHeaps t = new TestHeaps()) {
      String path = t.path("generated").toString();
      JNVM.init(path, 1 << 20);
      try {
        Account a = new Account("alice");
        JNVM.root.put("acct", a);
        a.tags().put("role", "admin");
      } finally {
        JNVM.close();
      }
      JNVM.init(path, 1 << 20);
      try {
        Account a = JNVM.root.get("acct");
        assertEquals("alice", a.owner());
        assertEquals(Map.of("role", "admin"), a.tags());
      } finally {
        JNVM.close();
      }
    }
  }

  @Test
  void aLargeMapIsRebuiltCompletelyAndWithoutWriting() throws Exception {
    try (TestHeaps t = new TestHeaps()) {
      Path p = t.path("large");
      Map<String, String> expected = new HashMap<>();
      int n = 3 * Parallel.SERIAL_BELOW;
      try (Heap heap = Heap.create(p, 64 << 20)) {
        PConcurrentHashMap<String, String> m = new PConcurrentHashMap<>(heap, strings(), strings());
        heap.roots().put("m", m);
        for (int i = 0; i < n; i++) {
          m.put("key-" + i, "value-" + i);
          expected.put("key-" + i, "value-" + i);
        }
        for (int i = 0; i < n; i += 7) {
          m.remove("key-" + i);
          expected.remove("key-" + i);
        }
      }
      try (Heap heap = Heap.open(p)) {
        AtomicReference<PConcurrentHashMap<String, String>> seen = new AtomicReference<>();
        CrashStats rebuild = CrashTest.count(heap, h -> seen.set(h.roots().get("m")));
        assertEquals(0, rebuild.stores(), "a rebuild writes nothing: " + rebuild);
        assertEquals(0, rebuild.fences(), rebuild::toString);
        assertEquals(expected.size(), seen.get().size());
        assertEquals(expected, seen.get());
        assertTrue(
            seen.get().storageStats().freeSlots() >= n / 7,
            "slots of removed entries are free for reuse");
      }
    }
  }
}

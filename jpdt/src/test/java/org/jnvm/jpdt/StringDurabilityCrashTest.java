package org.jnvm.jpdt;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.jnvm.core.heap.Heap;
import org.jnvm.core.heap.PObject;
import org.jnvm.core.heap.PersistentClass;
import org.jnvm.core.pmem.Pmem;
import org.jnvm.emulation.crash.CrashModel;
import org.jnvm.emulation.crash.CrashStats;
import org.jnvm.emulation.crash.CrashTest;
import org.jnvm.emulation.crash.Linearizable;
import org.junit.jupiter.api.Test;

/**
 * A {@link PString} is durable when its public constructor returns: its class Javadoc promises that
 * it can be published at once. This test publishes each new string with one plain 8-byte store and
 * a write-back of that word only, with no fence of its own in between (what a hand-written
 * low-level class does), so the constructor's write-back and fence are the only ones that order the
 * string's bytes before the reference. {@code ValueCrashTest} publishes through {@code Roots.put},
 * which writes back and fences again and so hides a missing constructor fence.
 */
class StringDurabilityCrashTest {
  private static final String WIDE = "wide \u2603 ".repeat(20);

  @Test
  void aStringIsDurableWhenItsConstructorReturns() {
    List<String> texts = List.of("short", WIDE, "x".repeat(150));
    Linearizable<List<String>> h = new Linearizable<List<String>>(List.of());
    for (int i = 0; i < texts.size(); i++) h.then(texts.subList(0, i + 1));
    CrashStats s =
        CrashTest.named("PString durable on return, published by a bare store")
            .model(CrashModel.EVICTION)
            .setup(
                heap -> {
                  heap.free(new PString(heap, "warm")); // registers the class
                  Slots slots = new Slots(heap);
                  slots.persist();
                  heap.roots().put("slots", slots);
                })
            .workload(
                heap -> {
                  Slots slots = heap.roots().get("slots");
                  for (int i = 0; i < texts.size(); i++) {
                    String t = texts.get(i);
                    PString p =
                        i == 2 ? new PString(heap, new PString(heap, t)) : new PString(heap, t);
                    slots.publish(i, p);
                    h.ack();
                  }
                })
            .check(heap -> h.check(observe(heap)))
            .run();
    assertTrue(s.images() > texts.size(), s::toString);
  }

  private static List<String> observe(Heap heap) {
    Slots slots = heap.roots().get("slots");
    List<String> seen = new ArrayList<>();
    for (int i = 0; i < Slots.COUNT && slots.get(i) != null; i++) seen.add(slots.get(i).toString());
    return seen;
  }

  /**
   * Three references, each published by a bare store, a write-back of its word and a fence: no
   * write-back or fence of the target first.
   *
   * <pre>
   *   payload 0        8        16       24
   *   +--------+--------+--------+
   *   | ref 0  | ref 1  | ref 2  |
   *   +--------+--------+--------+
   * </pre>
   */
  static final class Slots extends PObject {
    static final int COUNT = 3;
    static final PersistentClass<Slots> TYPE =
        PersistentClass.builder(Slots.class.getName(), (h, a) -> new Slots(h, a, null))
            .fixedSize(COUNT * 8)
            .refs(0, 8, 16)
            .layout("s0:ref@0 s1:ref@8 s2:ref@16")
            .build();

    Slots(Heap heap) {
      super(heap, TYPE);
    }

    private Slots(Heap heap, long address, Resurrect r) {
      super(heap, address, r);
    }

    PString get(int i) {
      return getRef(8L * i);
    }

    void publish(int i, PString p) {
      setRef(8L * i, p);
      pwbField(8L * i);
      Pmem.pfence();
    }
  }
}

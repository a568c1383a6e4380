package org.jnvm.jpdt;

import static org.jnvm.jpdt.PTypes.objects;
import static org.jnvm.jpdt.PTypes.strings;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.jnvm.core.heap.Heap;
import org.jnvm.core.heap.Node;
import org.jnvm.core.heap.PObject;
import org.jnvm.core.heap.PersistentClass;
import org.jnvm.core.pmem.Pmem;
import org.jnvm.emulation.crash.CrashModel;
import org.jnvm.emulation.crash.CrashTest;
import org.jnvm.jpdt.collection.PArrayList;
import org.jnvm.jpdt.collection.PHashMap;
import org.jnvm.jpdt.collection.PSkipListMap;
import org.junit.jupiter.api.Test;

/**
 * Every J-PDT container and array is durable when its constructor returns: each is created in the
 * workload and published by a bare store (a write-back of the reference word and a fence, nothing
 * for the target), so the constructors' own write-backs and fences are the only ones that put the
 * object on media before the reference. The other crash tests create their containers in the
 * (untracked) setup and cannot see a constructor that forgets to persist. A {@link PRefArray} slot
 * then receives a node its creator never wrote back: {@code set} must write it back itself.
 */
class ConstructionCrashTest {
  private static final int N = 9;

  @Test
  void containersAndArraysAreDurableWhenConstructed() {
    AtomicInteger acked = new AtomicInteger();
    CrashTest.named("J-PDT constructors durable on return")
        .model(CrashModel.EVICTION)
        .heapSize(1 << 20)
        .setup(
            heap -> {
              warm(heap);
              Refs r = new Refs(heap);
              r.persist();
              heap.roots().put("r", r);
            })
        .workload(
            heap -> {
              Refs r = heap.roots().get("r");
              List<Supplier<PObject>> makers =
                  List.of(
                      () -> (PObject) new PHashMap<String, String>(heap, strings(), strings()),
                      () -> (PObject) new PSkipListMap<String, String>(heap, strings(), strings()),
                      () -> new PArrayList<String>(heap, strings()),
                      () -> new PByteArray(heap, 100),
                      () -> new PLongArray(heap, 4),
                      () -> new PRefArray<Node>(heap, 2),
                      () -> new PByteArray(heap, new byte[] {5, 6, 7}),
                      () -> new PLongArray(heap, new long[] {8, 9}));
              for (int i = 0; i < makers.size(); i++) {
                r.publish(i, makers.get(i).get()); // constructed, then at once published
                acked.incrementAndGet();
              }
              PRefArray<Node> refs = r.get(5);
              Node n = new Node(heap, 42); // plain stores only
              refs.set(1, n);
              acked.incrementAndGet();
            })
        .check(heap -> check(heap, acked.get()))
        .run();
  }

  /** Registers every class the workload allocates (a class's first use adds a registry entry). */
  private static void warm(Heap heap) {
    heap.free((PObject) new PHashMap<String, String>(heap, strings(), strings()));
    heap.free((PObject) new PSkipListMap<String, String>(heap, strings(), strings()));
    heap.free(new PArrayList<String>(heap, strings()));
    heap.free(new PByteArray(heap, 1));
    heap.free(new PLongArray(heap, 1));
    heap.free(new PRefArray<Node>(heap, 1));
    heap.free(new PByteArray(heap, new byte[] {1}));
    heap.free(new PLongArray(heap, new long[] {1}));
    Node n = new Node(heap, 0);
    heap.free(n);
    PHashMap<String, PObject> m = new PHashMap<>(heap, strings(), objects());
    heap.free((PObject) m);
  }

  private static void check(Heap heap, int acked) {
    Refs r = heap.roots().get("r");
    for (int i = 0; i < 8; i++) {
      PObject o = r.get(i);
      if (i < acked) assertTrue(o != null, "constructed object " + i + " lost");
      if (o == null) continue;
      switch (i) {
        case 0, 1 -> {
          @SuppressWarnings("unchecked")
          Map<String, String> m = (Map<String, String>) o;
          assertEquals(0, m.size());
          assertNull(m.get("x"));
        }
        case 2 -> assertEquals(0, ((PArrayList<?>) o).size());
        case 3 -> assertEquals(100, ((PByteArray) o).length());
        case 4 -> assertEquals(0L, ((PLongArray) o).get(3));
        case 6 -> assertEquals(7, ((PByteArray) o).get(2));
        case 7 -> assertEquals(9L, ((PLongArray) o).get(1));
        default -> {
          PRefArray<?> refs = (PRefArray<?>) o;
          assertEquals(2, refs.length());
          Object n = refs.get(1);
          if (acked == N) assertTrue(n != null, "the node set in the array is lost");
          if (n != null) assertEquals(42, ((Node) n).value());
        }
      }
    }
  }

  /**
   * Eight references, each published by a bare store, a write-back of its word and a fence.
   *
   * <pre>
   *   payload 0      8      16     24     32     40     48     56     64
   *   +------+------+------+------+------+------+------+------+
   *   | r0   | r1   | r2   | r3   | r4   | r5   | r6   | r7   |
   *   +------+------+------+------+------+------+------+------+
   * </pre>
   */
  static final class Refs extends PObject {
    static final PersistentClass<Refs> TYPE =
        PersistentClass.builder(Refs.class.getName(), (h, a) -> new Refs(h, a, null))
            .fixedSize(64)
            .refs(0, 8, 16, 24, 32, 40, 48, 56)
            .layout("r0:ref@0 r1:ref@8 r2:ref@16 r3:ref@24 r4:ref@32 r5:ref@40 r6:ref@48 r7:ref@56")
            .build();

    Refs(Heap heap) {
      super(heap, TYPE);
    }

    private Refs(Heap heap, long address, Resurrect r) {
      super(heap, address, r);
    }

    <T extends PObject> T get(int i) {
      return getRef(8L * i);
    }

    void publish(int i, PObject o) {
      setRef(8L * i, o);
      pwbField(8L * i);
      Pmem.pfence();
    }
  }
}

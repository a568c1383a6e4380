package org.jnvm.emulation.crash;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.jnvm.core.heap.Blob;
import org.jnvm.core.heap.Heap;
import org.jnvm.core.heap.Node;
import org.jnvm.core.heap.PObject;
import org.jnvm.core.heap.PersistentClass;
import org.jnvm.core.pmem.Pmem;
import org.junit.jupiter.api.Test;

/** jnvm-core under the EVICTION model: every crash image recovers to an allowed state. */
class CoreCrashTest {

  private static CrashConfig eviction() {
    return CrashConfig.standard(CrashModel.EVICTION);
  }

  /** name -> Node value, for every root. */
  private static Map<String, Long> roots(Heap h) {
    Map<String, Long> m = new TreeMap<>();
    for (String n : h.roots().names()) m.put(n, h.roots().<Node>get(n).value());
    return m;
  }

  private static Map<String, Long> map(Object... kv) {
    Map<String, Long> m = new TreeMap<>();
    for (int i = 0; i < kv.length; i += 2) m.put((String) kv[i], ((Number) kv[i + 1]).longValue());
    return m;
  }

  @Test
  void rootsPutReplaceRemoveAreDurablyLinearizable() {
    Linearizable<Map<String, Long>> h =
        new Linearizable<>(map())
            .then(map("a", 1))
            .then(map("a", 1, "b", 2))
            .then(map("a", 3, "b", 2))
            .then(map("a", 3))
            .then(map("a", 3, "c", 4))
            .then(map("c", 4));
    CrashTest.named("roots put/replace/remove")
        .config(eviction())
        .workload(
            heap -> {
              heap.roots().put("a", new Node(heap, 1));
              h.ack();
              heap.roots().put("b", new Node(heap, 2));
              h.ack();
              heap.roots().put("a", new Node(heap, 3));
              h.ack();
              heap.roots().remove("b");
              h.ack();
              heap.roots().put("c", new Node(heap, 4));
              h.ack();
              heap.roots().remove("a");
              h.ack();
            })
        .check(heap -> h.check(roots(heap)))
        .run();
  }

  @Test
  void rootDirectoryGrowthIsAtomic() {
    int before = 31; // fills the first root segment exactly
    Map<String, Long> full = new TreeMap<>();
    for (int i = 0; i < before; i++) full.put("r" + i, (long) i);
    Map<String, Long> grown = new TreeMap<>(full);
    grown.put("extra", 99L);
    Linearizable<Map<String, Long>> h = new Linearizable<>(full).then(grown);
    CrashTest.named("root segment growth")
        .config(eviction())
        .setup(
            heap -> {
              for (int i = 0; i < before; i++) heap.roots().put("r" + i, new Node(heap, i));
            })
        .workload(
            heap -> {
              heap.roots().put("extra", new Node(heap, 99));
              h.ack();
            })
        .check(heap -> h.check(roots(heap)))
        .run();
  }

  /** Push and pop on a list hanging off root "list": allocation, publication, unlink, free. */
  @Test
  void allocateLinkUnlinkFreeAndReuse() {
    Linearizable<List<Long>> h =
        new Linearizable<List<Long>>(List.of())
            .then(List.of(1L))
            .then(List.of(2L, 1L))
            .then(List.of(1L))
            .then(List.of(3L, 1L))
            .then(List.of(4L, 3L, 1L))
            .then(List.of(3L, 1L))
            .then(List.of(1L));
    CrashTest.named("allocate, link, unlink, free, reuse")
        .config(eviction())
        .setup(heap -> heap.roots().put("list", new Node(heap, -1)))
        .workload(
            heap -> {
              Node head = heap.roots().get("list");
              push(heap, head, 1);
              h.ack();
              push(heap, head, 2);
              h.ack();
              pop(heap, head);
              h.ack();
              push(heap, head, 3); // reuses the slot just freed
              h.ack();
              push(heap, head, 4);
              h.ack();
              pop(heap, head);
              h.ack();
              pop(heap, head);
              h.ack();
            })
        .check(heap -> h.check(values(heap.roots().get("list"))))
        .run();
  }

  private static void push(Heap heap, Node head, long v) {
    Node n = new Node(heap, v);
    n.next(head.next());
    n.persist(); // its data, next included, is durable before anything points at it
    head.next(n);
    Pmem.psync();
  }

  private static void pop(Heap heap, Node head) {
    Node first = head.next();
    head.next(first.next());
    Pmem.psync(); // unlinked durably before the slot can be reused
    heap.free(first);
  }

  private static List<Long> values(Node head) {
    List<Long> l = new ArrayList<>();
    for (Node n = head.next(); n != null; n = n.next()) l.add(n.value());
    return l;
  }

  /** A class first used inside the workload, so its registration is crash-tested. */
  public static final class Fresh extends PObject {
    static final PersistentClass<Fresh> TYPE =
        PersistentClass.builder(Fresh.class.getName(), (h, a) -> new Fresh(h, a, null))
            .fixedSize(16)
            .layout("x:long@0 y:long@8")
            .build();

    Fresh(Heap h, long x) {
      super(h, TYPE);
      setLong(0, x);
    }

    private Fresh(Heap h, long a, Resurrect r) {
      super(h, a, r);
    }

    long x() {
      return getLong(0);
    }
  }

  @Test
  void classRegistrationIsAtomic() {
    Linearizable<Long> h = new Linearizable<>(-1L).then(5L);
    CrashTest.named("class registration")
        .config(eviction())
        .workload(
            heap -> {
              Fresh f = new Fresh(heap, 5);
              f.persist();
              heap.roots().put("f", f);
              h.ack();
            })
        .check(heap -> h.check(heap.roots().exists("f") ? heap.roots().<Fresh>get("f").x() : -1L))
        .run();
  }

  @Test
  void largeObjectsAllocateFreeAndReuseChunks() {
    byte[] first = new byte[150_000];
    byte[] second = new byte[140_000];
    java.util.Arrays.fill(first, (byte) 1);
    java.util.Arrays.fill(second, (byte) 2);
    Linearizable<String> h = new Linearizable<>("").then("big=1").then("").then("big=2");
    CrashTest.named("large objects")
        .config(eviction())
        .heapSize(1 << 20)
        .workload(
            heap -> {
              Blob b = new Blob(heap, first);
              heap.roots().put("big", b);
              h.ack();
              heap.roots().remove("big");
              heap.free(b);
              h.ack();
              heap.roots().put("big", new Blob(heap, second)); // reuses the freed chunks
              h.ack();
            })
        .check(heap -> h.check(describeBig(heap)))
        .run();
  }

  private static String describeBig(Heap heap) {
    if (!heap.roots().exists("big")) return "";
    byte[] b = heap.roots().<Blob>get("big").bytes();
    for (byte x : b) assertEquals(b[0], x, "blob content is all one value");
    return "big=" + b[0];
  }

  @Test
  void recoveryWritesNothingSoACrashDuringItIsHarmless() {
    CrashStats s =
        CrashTest.named("crash during recovery")
            .config(eviction())
            .setup(
                heap -> {
                  for (int i = 0; i < 50; i++) new Node(heap, i).persist(); // garbage to reclaim
                  heap.roots().put("keep", new Node(heap, 7));
                  heap.roots().put("gone", new Node(heap, 8));
                  heap.roots().remove("gone");
                })
            .crashDuringRecovery()
            .check(heap -> assertEquals(map("keep", 7), roots(heap)))
            .run();
    assertEquals(0, s.stores(), "recovery stored to the heap: " + s);
    assertEquals(0, s.fences(), "recovery fenced: " + s);
  }

  @Test
  void allocateAndPublishOfA64ByteObjectTakesTwoFences() throws Exception {
    try (var t = new org.jnvm.core.heap.TestHeaps()) {
      Heap heap = t.create("fences", 1 << 20);
      Node holder = new Node(heap, 0);
      heap.roots().put("h", holder);
      new Node(heap, 0); // the class is registered and a chunk carved: the steady state
      CrashStats s =
          CrashTest.count(
              heap,
              x -> {
                Node n = new Node(heap, 1); // a 64-byte slot: 8 header + 32 payload
                n.persist();
                holder.next(n);
                Pmem.psync();
              });
      assertEquals(2, s.fences(), s::toString);
      CrashStats put = CrashTest.count(heap, x -> heap.roots().put("h", new Node(heap, 2)));
      assertTrue(put.fences() <= 2, put::toString);
    }
  }
}

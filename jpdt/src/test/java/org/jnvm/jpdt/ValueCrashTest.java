package org.jnvm.jpdt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.jnvm.core.heap.Heap;
import org.jnvm.emulation.crash.CrashModel;
import org.jnvm.emulation.crash.CrashTest;
import org.jnvm.emulation.crash.Linearizable;
import org.junit.jupiter.api.Test;

/** Strings and arrays under the EVICTION model: every crash image shows an allowed state. */
class ValueCrashTest {
  private static final String WIDE = "wide \u2603 ".repeat(30);

  private static CrashTest crash(String name) {
    return CrashTest.named(name).model(CrashModel.EVICTION);
  }

  /** root name -> string content, for every root. */
  private static Map<String, String> strings(Heap h) {
    Map<String, String> m = new TreeMap<>();
    for (String n : h.roots().names()) m.put(n, h.roots().<PString>get(n).toString());
    return m;
  }

  @Test
  void stringsArePublishedWholeOrNotAtAll() {
    Linearizable<Map<String, String>> h =
        new Linearizable<Map<String, String>>(Map.of())
            .then(Map.of("a", "short"))
            .then(Map.of("a", "short", "b", WIDE))
            .then(Map.of("a", "x".repeat(200), "b", WIDE));
    crash("PString create and publish")
        .workload(
            heap -> {
              heap.roots().put("a", new PString(heap, "short"));
              h.ack();
              heap.roots().put("b", new PString(heap, WIDE));
              h.ack();
              heap.roots().put("a", new PString(heap, new PString(heap, "x".repeat(200))));
              h.ack();
            })
        .check(heap -> h.check(strings(heap)))
        .run();
  }

  @Test
  void byteSetsAreAtomicAndDurable() {
    Linearizable<String> h =
        new Linearizable<>(bytes(0, 0, 0))
            .then(bytes(1, 0, 0))
            .then(bytes(1, 0, 2))
            .then(bytes(1, 3, 2));
    crash("PByteArray set")
        .setup(heap -> heap.roots().put("a", new PByteArray(heap, 200)))
        .workload(
            heap -> {
              PByteArray a = heap.roots().get("a");
              a.set(0, (byte) 1);
              h.ack();
              a.set(199, (byte) 2);
              h.ack();
              a.set(100, (byte) 3);
              h.ack();
            })
        .check(heap -> h.check(observe(heap.roots().get("a"))))
        .run();
  }

  /** A bulk write is durable on return; before that each byte is old or new (documented). */
  @Test
  void bulkWritesAreDurableOnReturn() {
    AtomicInteger acked = new AtomicInteger();
    byte[] fresh = new byte[150];
    Arrays.fill(fresh, (byte) 7);
    crash("PByteArray bulk write")
        .setup(heap -> heap.roots().put("a", new PByteArray(heap, 256)))
        .workload(
            heap -> {
              heap.roots().<PByteArray>get("a").write(10, fresh, 0, fresh.length);
              acked.set(1);
            })
        .check(
            heap -> {
              byte[] b = heap.roots().<PByteArray>get("a").toArray();
              for (int i = 0; i < b.length; i++) {
                boolean inRange = i >= 10 && i < 160;
                if (!inRange || acked.get() == 1) assertEquals(inRange ? 7 : 0, b[i], "byte " + i);
                else assertTrue(b[i] == 0 || b[i] == 7, "byte " + i + " is " + b[i]);
              }
            })
        .run();
  }

  @Test
  void longSetsAndCompareAndSetsAreAtomicAndDurable() {
    Linearizable<String> h =
        new Linearizable<>("[0, 0, 0]").then("[-1, 0, 0]").then("[-1, 0, 42]").then("[-1, 7, 42]");
    crash("PLongArray set and compareAndSet")
        .setup(heap -> heap.roots().put("a", new PLongArray(heap, 3)))
        .workload(
            heap -> {
              PLongArray a = heap.roots().get("a");
              a.set(0, -1);
              h.ack();
              assertTrue(a.compareAndSet(2, 0, 42));
              h.ack();
              a.set(1, 7);
              h.ack();
            })
        .check(heap -> h.check(Arrays.toString(heap.roots().<PLongArray>get("a").toArray())))
        .run();
  }

  @Test
  void referenceSetsPublishDurableTargetsOnly() {
    Linearizable<String> h =
        new Linearizable<>("[null, null]")
            .then("[one, null]")
            .then("[one, " + WIDE + "]")
            .then("[null, " + WIDE + "]")
            .then("[three, " + WIDE + "]");
    crash("PRefArray set")
        .setup(heap -> heap.roots().put("a", new PRefArray<PString>(heap, 2)))
        .workload(
            heap -> {
              PRefArray<PString> a = heap.roots().get("a");
              a.set(0, PString.unfenced(heap, "one"));
              h.ack();
              a.set(1, PString.unfenced(heap, WIDE));
              h.ack();
              a.set(0, null);
              h.ack();
              a.set(0, PString.unfenced(heap, "three"));
              h.ack();
            })
        .check(heap -> h.check(observeRefs(heap.roots().get("a"))))
        .run();
  }

  private static String bytes(int first, int middle, int last) {
    byte[] b = new byte[200];
    b[0] = (byte) first;
    b[100] = (byte) middle;
    b[199] = (byte) last;
    return Arrays.toString(b);
  }

  private static String observe(PByteArray a) {
    return Arrays.toString(a.toArray());
  }

  private static String observeRefs(PRefArray<PString> a) {
    String[] s = new String[a.length()];
    for (int i = 0; i < s.length; i++) s[i] = a.get(i) == null ? "null" : a.get(i).toString();
    return Arrays.toString(s);
  }
}

package org.jnvm.dso;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.Serializable;
import java.util.List;
import java.util.Map;
import org.jnvm.dso.lib.AtomicBoolean;
import org.jnvm.dso.lib.AtomicByteArray;
import org.jnvm.dso.lib.AtomicInteger;
import org.jnvm.dso.lib.AtomicLong;
import org.jnvm.dso.lib.AtomicMatrix;
import org.jnvm.dso.lib.AtomicReference;
import org.jnvm.dso.lib.CyclicBarrier;
import org.jnvm.dso.lib.SharedList;
import org.jnvm.dso.lib.SharedMap;
import org.jnvm.dso.wire.TypeRegistry;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Factories, @Shared injection, user-defined types, references, and every library type. */
class ProgrammingModelTest {
  @RegisterExtension static final SingleNode NODE = new SingleNode("model");

  private static DsoClient dso;

  @BeforeAll
  static void connect() {
    TypeRegistry.register(SumAccumulator.class);
    TypeRegistry.register(GlobalDelta.class);
    dso = NODE.client();
  }

  @AfterAll
  static void disconnect() {
    dso.close();
  }

  /** An ordinary class with shared fields, as in CRUCIAL's examples. */
  static final class Task {
    @Shared(key = "task-counter", persistent = true)
    AtomicLong counter = new AtomicLong(10);

    @Shared(key = "task-acc")
    Accumulator acc = new SumAccumulator(0.5);

    @Shared CyclicBarrier solo = new CyclicBarrier(1);

    @Shared(key = "task-delta", persistent = true)
    GlobalDelta delta = new GlobalDelta();
  }

  @Test
  void classTypedFieldsGetSubclassProxies() throws Exception {
    Task a = dso.inject(new Task());
    Task b = dso.inject(new Task());
    assertTrue(a.delta.getClass().getName().endsWith("$DsoProxy"), a.delta.getClass().getName());
    a.delta.update(1.5);
    b.delta.update(2.5);
    assertEquals(4.0, a.delta.get());
    assertEquals(2, b.delta.updates());
    assertArrayEquals(new double[] {8.0, 16.0}, a.delta.scaled(new double[] {1, 2}, 2L));
    assertEquals(a.delta, b.delta);
    assertEquals(a.delta.hashCode(), b.delta.hashCode());
    DsoClient.setDefault(dso);
    GlobalDelta back = (GlobalDelta) roundTrip(a.delta);
    back.update(1);
    assertEquals(5.0, b.delta.get());
    assertEquals(a.delta, back);
  }

  @Test
  void sharedFieldsOfTwoInstancesNameTheSameObjects() {
    Task a = dso.inject(new Task());
    Task b = dso.inject(new Task());
    assertNotSame(a.acc, b.acc);
    assertEquals(11, a.counter.incrementAndGet());
    assertEquals(12, b.counter.incrementAndGet());
    assertEquals(1, a.acc.add(1.0));
    assertEquals(2, b.acc.add(2.0));
    assertEquals(3.5, a.acc.sum());
    assertEquals(a.acc, b.acc);
    assertEquals(0, a.solo.await());
    assertEquals(
        new Ref(SumAccumulator.class.getName(), "task-acc", false).toString(),
        a.acc.toString().substring(9));
  }

  @Test
  void referencesTravelAndRebind() throws Exception {
    AtomicLong a = dso.atomicLong("travel", false, 1);
    Accumulator acc = dso.shared(Accumulator.class, "travel-acc", false, new SumAccumulator(0));
    DsoClient.setDefault(dso);
    Object[] back = (Object[]) roundTrip(new Object[] {a, acc});
    assertEquals(2, ((AtomicLong) back[0]).incrementAndGet());
    assertEquals(1, ((Accumulator) back[1]).add(4));
    assertEquals(4.0, acc.sum());
    assertEquals(a.ref(), ((AtomicLong) back[0]).ref());
  }

  @Test
  void everyLibraryType() {
    AtomicInteger i = dso.atomicInteger("i", false, 3);
    assertTrue(i.compareAndSet(3, 4));
    assertEquals(4, i.getAndSet(9));
    assertEquals(10, i.incrementAndGet());
    AtomicBoolean flag = dso.atomicBoolean("flag", true, false);
    assertTrue(flag.compareAndSet(false, true));
    assertFalse(flag.compareAndSet(false, true));
    AtomicReference<List<String>> ref = dso.atomicReference("ref", false, List.of("a"));
    assertTrue(ref.compareAndSet(List.of("a"), List.of("b", "c")));
    assertEquals(List.of("b", "c"), ref.get());
    AtomicByteArray bytes = dso.atomicByteArray("bytes", false, 4);
    bytes.set(1, (byte) 7);
    assertEquals(9, bytes.addAndGet(1, (byte) 2));
    assertArrayEquals(new byte[] {0, 9, 0, 0}, bytes.toArray());
    AtomicMatrix m = dso.atomicMatrix("matrix", true, 2, 2);
    m.add(new double[][] {{1, 2}, {3, 4}});
    m.add(new double[][] {{1, 1}, {1, 1}});
    assertEquals(5.0, m.addAndGet(1, 1, 0));
    assertArrayEquals(new double[] {2, 3}, m.toArray()[0]);
    SharedMap<String, Long> map = dso.map("map", false);
    assertNull(map.put("k", 1L));
    assertEquals(3L, map.addTo("k", 2));
    assertEquals(Map.of("k", 3L), map.snapshot());
    SharedList<String> list = dso.list("list", false);
    list.add("x");
    list.add(0, "w");
    assertEquals(List.of("w", "x"), list.snapshot());
    assertEquals("w", list.removeAt(0));
  }

  @Test
  void deleteMakesCallsFail() {
    AtomicLong a = dso.atomicLong("doomed", true, 1);
    assertTrue(dso.delete(a.ref()));
    assertFalse(dso.exists(a.ref()));
    DsoException.NoSuchObject e = assertThrows(DsoException.NoSuchObject.class, a::get);
    assertTrue(e.getMessage().contains("doomed"), e.getMessage());
    assertEquals(5, dso.atomicLong("doomed", true, 5).get());
  }

  private static Object roundTrip(Serializable o) throws Exception {
    ByteArrayOutputStream b = new ByteArrayOutputStream();
    try (ObjectOutputStream out = new ObjectOutputStream(b)) {
      out.writeObject(o);
    }
    try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(b.toByteArray()))) {
      return in.readObject();
    }
  }
}

package org.jnvm.dso;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.ObjectOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.jnvm.dso.lib.Counter;
import org.jnvm.dso.lib.SharedList;
import org.jnvm.dso.lib.SharedMap;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * Three forked nodes on loopback, rf = 2: client processes, a node killed under load, and every
 * node stopped, then killed, with persistent and ephemeral objects. The tests run in order on one
 * cluster (starting JVMs is the expensive part).
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ClusterTest {
  private static ForkedCluster cluster;

  @BeforeAll
  static void start() throws Exception {
    cluster = new ForkedCluster("cluster", 3, 2, List.of());
    cluster.startAll();
  }

  @AfterAll
  static void stop() {
    if (cluster != null) {
      cluster.close();
    }
  }

  @Test
  @Order(1)
  void processesShareACounterThroughReferences() throws Exception {
    int k = 50;
    try (DsoClient dso = cluster.client()) {
      Counter c = dso.counter("procs", true);
      String ref = Base64.getEncoder().encodeToString(serialize(c));
      List<Process> workers = new ArrayList<>();
      for (int i = 0; i < 2; i++) {
        workers.add(
            new ProcessBuilder(
                    Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    "-Xmx64m",
                    "-XX:TieredStopAtLevel=1",
                    "-cp",
                    System.getProperty("java.class.path"),
                    CounterWorker.class.getName(),
                    cluster.endpoints(),
                    ref,
                    Integer.toString(k))
                .redirectError(ProcessBuilder.Redirect.INHERIT)
                .start());
      }
      List<Long> values = new ArrayList<>();
      for (int i = 0; i < k; i++) {
        values.add(c.increment());
      }
      try {
        for (Process w : workers) {
          String out = new String(w.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
          assertTrue(w.waitFor(60, TimeUnit.SECONDS));
          assertEquals(0, w.exitValue());
          out.lines().map(Long::parseLong).forEach(values::add);
        }
      } finally {
        workers.forEach(Process::destroyForcibly);
      }
      assertExactly(values, 3L * k);
      assertEquals(3L * k, c.value());
    }
  }

  @Test
  @Order(2)
  void callsAreRoutedToTheirPrimaries() {
    try (DsoClient dso = cluster.client()) {
      Set<String> routes = new TreeSet<>();
      for (int i = 0; i < 20; i++) {
        Counter c = dso.counter("routed-" + i, i % 2 == 0);
        c.increment();
        String route = dso.routeOf(c.ref());
        assertTrue(cluster.endpoints().contains(route), "route " + route + " is not a node");
        c.increment();
        assertEquals(route, dso.routeOf(c.ref()), "the primary of routed-" + i + " moved");
        routes.add(route);
      }
      assertTrue(routes.size() >= 2, "20 objects all routed to " + routes);
    }
  }

  @Test
  @Order(3)
  void synchronizationAcrossNodes() throws Exception {
    int parties = 3;
    int rounds = 6;
    List<DsoClient> clients = new ArrayList<>();
    ExecutorService pool = Executors.newFixedThreadPool(parties);
    try {
      for (ForkedNode n : cluster.nodes) {
        clients.add(
            DsoClient.builder()
                .servers(n.endpoint())
                .callTimeout(java.time.Duration.ofSeconds(60))
                .connect());
      }
      List<Future<List<Integer>>> fs = new ArrayList<>();
      for (int p = 0; p < parties; p++) {
        DsoClient c = clients.get(p);
        fs.add(
            pool.submit(
                () -> {
                  org.jnvm.dso.lib.CyclicBarrier b = c.cyclicBarrier("x-barrier", parties);
                  org.jnvm.dso.lib.CountDownLatch latch = c.countDownLatch("x-latch", parties);
                  Counter arrivals = c.counter("x-arrivals", false);
                  List<Integer> indexes = new ArrayList<>();
                  for (int r = 0; r < rounds; r++) {
                    arrivals.increment();
                    indexes.add(b.await());
                    if (arrivals.value() < (long) parties * (r + 1)) {
                      throw new AssertionError("passed round " + r + " early");
                    }
                  }
                  latch.countDown();
                  latch.await();
                  return indexes;
                }));
      }
      int[] perRound = new int[rounds];
      for (Future<List<Integer>> f : fs) {
        List<Integer> idx = f.get(120, TimeUnit.SECONDS);
        for (int r = 0; r < rounds; r++) {
          perRound[r] += idx.get(r);
        }
      }
      for (int r = 0; r < rounds; r++) {
        assertEquals(0 + 1 + 2, perRound[r], "arrival indexes of round " + r);
      }
      assertEquals(rounds, clients.get(0).cyclicBarrier("x-barrier", parties).generation());
    } finally {
      pool.shutdownNow();
      clients.forEach(DsoClient::close);
    }
  }

  @Test
  @Order(4)
  void replicationKeepsEveryAcknowledgedUpdateWhenANodeDies() throws Exception {
    int threads = 4;
    int perThread = 150;
    int counters = 6;
    Map<Integer, ConcurrentLinkedQueue<Long>> acked = new ConcurrentHashMap<>();
    AtomicLong done = new AtomicLong();
    AtomicBoolean killed = new AtomicBoolean();
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    try (DsoClient dso = cluster.client()) {
      List<Counter> cs = new ArrayList<>();
      for (int i = 0; i < counters; i++) {
        cs.add(dso.counter("load-" + i, true));
        acked.put(i, new ConcurrentLinkedQueue<>());
      }
      List<Future<?>> fs = new ArrayList<>();
      for (int t = 0; t < threads; t++) {
        int id = t;
        fs.add(
            pool.submit(
                () -> {
                  for (int i = 0; i < perThread; i++) {
                    int which = (id + i) % counters;
                    acked.get(which).add(cs.get(which).increment());
                    done.incrementAndGet();
                  }
                  return null;
                }));
      }
      while (done.get() < threads * perThread / 3) {
        Thread.sleep(5);
      }
      cluster.nodes.get(2).kill();
      killed.set(true);
      long atKill = done.get();
      for (Future<?> f : fs) {
        f.get(120, TimeUnit.SECONDS);
      }
      assertTrue(atKill < threads * perThread, "the load was over before the kill");
      for (int i = 0; i < counters; i++) {
        long n = acked.get(i).size();
        assertExactly(acked.get(i), n);
        assertEquals(n, cs.get(i).value(), "counter load-" + i);
      }
    } finally {
      pool.shutdownNow();
    }
    assertTrue(killed.get());
    cluster.nodes.get(2).launch();
    cluster.nodes.get(2).awaitReady(150);
  }

  @Test
  @Order(5)
  void persistentObjectsSurviveStopAndKillOfEveryNode() throws Exception {
    int objects = 12;
    try (DsoClient dso = cluster.client()) {
      for (int i = 0; i < objects; i++) {
        dso.atomicLong("p-" + i, true, 0).addAndGet(1000 + i);
      }
      SharedMap<String, Long> m = dso.map("pmap", true);
      m.put("x", 1L);
      m.addTo("x", 41);
      SharedList<String> l = dso.list("plist", true);
      l.add("a");
      l.add("b");
      dso.atomicLong("eph", false, 7).incrementAndGet();
    }
    cluster.stopAll();
    cluster.startAll();
    check(objects, 1);
    cluster.killAll();
    cluster.startAll();
    check(objects, 2);
  }

  @Test
  @Order(6)
  void clientsCarryOnThroughTheDeathOfEveryNode() throws Exception {
    int threads = 3;
    int perThread = 120;
    Map<Integer, ConcurrentLinkedQueue<Long>> acked = new ConcurrentHashMap<>();
    AtomicLong done = new AtomicLong();
    ExecutorService pool = Executors.newFixedThreadPool(threads + 1);
    try (DsoClient dso = cluster.client()) {
      List<Counter> cs = new ArrayList<>();
      for (int t = 0; t < threads; t++) {
        cs.add(dso.counter("all-dead-" + t, true));
        acked.put(t, new ConcurrentLinkedQueue<>());
      }
      List<Future<?>> fs = new ArrayList<>();
      for (int t = 0; t < threads; t++) {
        int id = t;
        fs.add(
            pool.submit(
                () -> {
                  for (int i = 0; i < perThread; i++) {
                    acked.get(id).add(cs.get(id).increment());
                    done.incrementAndGet();
                  }
                  return null;
                }));
      }
      org.jnvm.dso.lib.CountDownLatch latch =
          dso.bind(new org.jnvm.dso.lib.CountDownLatch(1), "durable-latch", true);
      Future<?> waiter =
          pool.submit(
              () -> {
                latch.await();
                return null;
              });
      while (done.get() < threads * perThread / 3) {
        Thread.sleep(5);
      }
      cluster.killAll();
      long atKill = done.get();
      cluster.startAll();
      assertFalse(waiter.isDone(), "the latch let its waiter through before the count down");
      latch.countDown();
      waiter.get(60, TimeUnit.SECONDS);
      for (Future<?> f : fs) {
        f.get(120, TimeUnit.SECONDS);
      }
      assertTrue(atKill < threads * perThread, "the load was over before the kill");
      for (int t = 0; t < threads; t++) {
        assertExactly(acked.get(t), perThread);
        assertEquals(perThread, cs.get(t).value(), "counter all-dead-" + t);
      }
    } finally {
      pool.shutdownNow();
    }
  }

  private static void check(int objects, int round) {
    try (DsoClient dso = cluster.client()) {
      for (int i = 0; i < objects; i++) {
        Ref r = new Ref(org.jnvm.dso.objects.AtomicLongObject.class.getName(), "p-" + i, true);
        assertTrue(dso.exists(r), "persistent object p-" + i + " lost after restart " + round);
        assertEquals(
            1000L + i + round - 1, dso.invoke(r, "get"), "p-" + i + " after restart " + round);
        dso.invoke(r, "addAndGet", 1L);
      }
      SharedMap<String, Long> m = dso.map("pmap", true);
      assertEquals(42L + round - 1, m.get("x"));
      m.addTo("x", 1);
      assertEquals(List.of("a", "b"), dso.<String>list("plist", true).snapshot().subList(0, 2));
      Ref eph = new Ref(org.jnvm.dso.objects.AtomicLongObject.class.getName(), "eph", false);
      assertFalse(dso.exists(eph), "an ephemeral object survived restart " + round);
    }
  }

  /** {@code values} are exactly 1..n, each once. */
  static void assertExactly(java.util.Collection<Long> values, long n) {
    Set<Long> distinct = new TreeSet<>(values);
    assertEquals(n, values.size(), "number of values");
    assertEquals(n, distinct.size(), "a value was returned twice");
    assertEquals(1L, ((TreeSet<Long>) distinct).first());
    assertEquals(n, ((TreeSet<Long>) distinct).last());
  }

  private static byte[] serialize(Object o) throws java.io.IOException {
    ByteArrayOutputStream b = new ByteArrayOutputStream();
    try (ObjectOutputStream out = new ObjectOutputStream(b)) {
      out.writeObject(o);
    }
    return b.toByteArray();
  }
}

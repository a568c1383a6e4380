package org.jnvm.crucial.bench;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.jnvm.dso.wire.TypeRegistry;

/**
 * A worker JVM of the throughput experiment (forked by {@link WorkerFleet}): a fixed set of client
 * threads, kept for the whole run so that each keeps one DSO session, that run timed phases of
 * random operations on the targets they are told about. One command per line on stdin, one answer
 * per line on stdout:
 *
 * <pre>
 * DSO name endpoints objects          -> OK     (connects, creates missing objects)
 * REDIS name ports waitN sha objects  -> OK
 * RUN name times millis               -> DONE ops nanos
 * anything failing                    -> ERR message
 * </pre>
 *
 * The worker exits when its stdin closes or its parent dies. Argument: the number of threads.
 */
public final class ThroughputWorker {
  private final int threads;
  private final ExecutorService pool;
  private final Map<String, IntTarget.Op[]> ops = new HashMap<>();
  private final Map<String, Integer> objects = new HashMap<>();
  private final List<IntTarget> targets = new ArrayList<>();

  private ThroughputWorker(int threads) {
    this.threads = threads;
    this.pool = Executors.newFixedThreadPool(threads);
  }

  public static void main(String[] args) throws Exception {
    PrintStream out = new PrintStream(System.out, true, StandardCharsets.UTF_8);
    System.setOut(System.err); // stdout carries answers only
    ProcessHandle.current()
        .parent()
        .ifPresent(p -> p.onExit().thenRun(() -> Runtime.getRuntime().halt(3)));
    TypeRegistry.register(SharedInt.class);
    ThroughputWorker w = new ThroughputWorker(Integer.parseInt(args[0]));
    BufferedReader in =
        new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
    out.println("READY");
    String line;
    while ((line = in.readLine()) != null) {
      out.println(w.answer(line.trim().split(" ")));
    }
    w.targets.forEach(IntTarget::close);
    Runtime.getRuntime().halt(0);
  }

  private String answer(String[] cmd) {
    try {
      return switch (cmd[0]) {
        case "DSO" -> add(cmd[1], new DsoInts(cmd[2], count(cmd[3])), count(cmd[3]));
        case "REDIS" -> add(cmd[1], redis(cmd), count(cmd[5]));
        case "RUN" -> run(cmd[1], count(cmd[2]), Long.parseLong(cmd[3]));
        default -> "ERR unknown command " + Arrays.toString(cmd);
      };
    } catch (Exception e) {
      return ("ERR " + e).replace('\n', ' ');
    }
  }

  private static int count(String s) {
    return Integer.parseInt(s);
  }

  private static RedisInts redis(String[] cmd) {
    List<Integer> ports = Arrays.stream(cmd[2].split(",")).map(Integer::valueOf).toList();
    return new RedisInts(ports, count(cmd[3]), cmd[4]);
  }

  private String add(String name, IntTarget t, int count) {
    targets.add(t);
    IntTarget.Op[] perThread = new IntTarget.Op[threads];
    for (int i = 0; i < threads; i++) {
      perThread[i] = t.op(i);
    }
    ops.put(name, perThread);
    objects.put(name, count);
    return "OK";
  }

  /**
   * Every thread runs random operations until the deadline; the phase lasts from its start to the
   * end of the last operation.
   */
  private String run(String name, int times, long millis) throws Exception {
    IntTarget.Op[] perThread = ops.get(name);
    if (perThread == null) {
      return "ERR no target named " + name;
    }
    int n = objects.get(name);
    long t0 = System.nanoTime();
    long end = t0 + millis * 1_000_000;
    List<Future<Long>> done = new ArrayList<>();
    for (int i = 0; i < threads; i++) {
      IntTarget.Op op = perThread[i];
      long seed = t0 * 31 + i;
      done.add(pool.submit(() -> loop(op, n, times, end, seed)));
    }
    long total = 0;
    for (Future<Long> f : done) {
      total += f.get();
    }
    return "DONE " + total + " " + (System.nanoTime() - t0);
  }

  private static long loop(IntTarget.Op op, int objects, int times, long end, long seed)
      throws Exception {
    SplittableRandom random = new SplittableRandom(seed);
    long count = 0;
    while (System.nanoTime() < end) {
      op.multiply(random.nextInt(objects), times);
      count++;
    }
    return count;
  }
}

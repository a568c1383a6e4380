package org.jnvm.ycsb.bench;

import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.LongConsumer;
import org.apache.htrace.core.HTraceConfiguration;
import org.apache.htrace.core.Tracer;
import site.ycsb.ClientThread;
import site.ycsb.DB;
import site.ycsb.DBFactory;
import site.ycsb.UnknownDBException;
import site.ycsb.WorkloadException;
import site.ycsb.measurements.Measurements;
import site.ycsb.workloads.CoreWorkload;

/**
 * One YCSB phase (load or run) in this JVM, with YCSB's own client threads, workload and
 * measurements: what {@code site.ycsb.Client} does, minus its {@code System.exit}, so that a load
 * and several runs share one JVM (the only way a volatile cache keeps what was loaded).
 *
 * <p>YCSB's measurements are a JVM-wide singleton without a reset: each phase replaces it (by
 * reflection, the one place this module reaches into YCSB) so that a phase reports its own
 * operations only. The load is not measured: its client threads use the bare bindings.
 */
final class Phase {
  /**
   * What a phase did. {@code keys}: the keys {@code [0, keys)} handed out by the load and the
   * inserts so far (all in the table unless an insert failed): the {@code recordcount} of the next
   * phase, so that its inserts take new keys (see {@link #transactions}).
   */
  record Outcome(long ops, long nanos, Collector measurements, long keys) {
    double throughput() {
      return ops * 1e9 / nanos;
    }
  }

  private Phase() {}

  /**
   * Loads {@code insertcount} records from {@code insertstart} (YCSB's partitioned load; default:
   * all {@code recordcount}) with {@code threads} client threads (not measured).
   */
  static Outcome load(String db, Properties props, int threads, LongConsumer progress)
      throws Exception {
    long records =
        Long.parseLong(props.getProperty("insertcount", props.getProperty("recordcount")));
    resetMeasurements(props);
    return run(db, props, threads, records, false, false, Long.MAX_VALUE, progress);
  }

  /**
   * Runs transactions of the workload in {@code props} without measuring them, for at most {@code
   * seconds} (or {@code operationcount} operations): the JIT compiles the paths the measured runs
   * take, for every target alike.
   */
  static Outcome warmUp(String db, Properties props, int threads, double seconds) throws Exception {
    long ops = Long.parseLong(props.getProperty("operationcount"));
    resetMeasurements(props);
    return run(db, props, threads, ops, false, true, (long) (seconds * 1e9), n -> {});
  }

  /**
   * Runs {@code operationcount} transactions of the workload in {@code props}, measured; stops
   * after {@code seconds} if they are not done by then (0: no limit), as YCSB's {@code
   * maxexecutiontime} does.
   *
   * <p>YCSB numbers the keys its transactions insert from {@code recordcount}: a phase after one
   * that inserted (D, E, or their warm-up) must be given the earlier phase's {@link Outcome#keys}
   * as its {@code recordcount}, or its inserts replace the records the earlier one inserted.
   */
  static Outcome transactions(
      String db, Properties props, int threads, double seconds, LongConsumer progress)
      throws Exception {
    long ops = Long.parseLong(props.getProperty("operationcount"));
    long limit = seconds > 0 ? (long) (seconds * 1e9) : Long.MAX_VALUE;
    resetMeasurements(props);
    return run(db, props, threads, ops, true, true, limit, progress);
  }

  private static Outcome run(
      String db,
      Properties props,
      int threads,
      long ops,
      boolean measured,
      boolean transactions,
      long maxNanos,
      LongConsumer progress)
      throws Exception {
    KeyedWorkload w = new KeyedWorkload();
    w.init(props);
    // YCSB reads a share of 0 as "no limit": fewer operations than threads get fewer threads.
    threads = (int) Math.max(1, Math.min(threads, ops));
    CountDownLatch done = new CountDownLatch(threads);
    List<ClientThread> clients = new ArrayList<>();
    for (int i = 0; i < threads; i++) {
      long share = ops / threads + (i < ops % threads ? 1 : 0);
      ClientThread c =
          new ClientThread(
              newDb(db, props, measured), transactions, w, props, (int) share, -1, done);
      c.setThreadId(i);
      c.setThreadCount(threads);
      clients.add(c);
    }
    List<Thread> started = new ArrayList<>();
    long t0 = System.nanoTime();
    for (ClientThread c : clients) {
      Thread t = new Thread(c, "ycsb-client-" + started.size());
      started.add(t);
      t.start();
    }
    // A client whose binding fails to start returns without counting down: stop waiting then.
    long tick = TimeUnit.MILLISECONDS.toNanos(50);
    long report = t0;
    while (!done.await(tick, TimeUnit.NANOSECONDS) && started.stream().anyMatch(Thread::isAlive)) {
      long now = System.nanoTime();
      if (now - t0 >= maxNanos) w.requestStop();
      if (now - report >= TimeUnit.SECONDS.toNanos(2)) {
        report = now;
        progress.accept(opsDone(clients));
      }
    }
    long nanos = System.nanoTime() - t0;
    for (Thread t : started) t.join();
    w.cleanup();
    long total = opsDone(clients);
    Collector c = new Collector();
    if (measured) Measurements.getMeasurements().exportMeasurements(c);
    if (total != ops && !w.isStopRequested()) {
      throw new IllegalStateException(
          "a phase stopped early: done=" + total + " asked=" + ops + " (see the log)");
    }
    long keys = transactions ? w.nextInsertKey() : Long.parseLong(props.getProperty("recordcount"));
    return new Outcome(total, nanos, c, keys);
  }

  /**
   * YCSB's core workload, telling the first key its transactions have not handed out. Not the
   * sequence's {@code lastValue() + 1}: that is the acknowledged limit, which an acknowledgement
   * that lost the sequence's {@code tryLock} leaves behind.
   */
  private static final class KeyedWorkload extends CoreWorkload {
    /** Call once the client threads are done: takes the next key from YCSB's insert sequence. */
    long nextInsertKey() {
      return transactioninsertkeysequence.nextValue();
    }
  }

  private static long opsDone(List<ClientThread> clients) {
    long n = 0;
    for (ClientThread c : clients) n += c.getOpsDone();
    return n;
  }

  /** A binding instance: wrapped by YCSB's measuring {@code DBWrapper} when measured. */
  static DB newDb(String db, Properties props, boolean measured)
      throws UnknownDBException, ReflectiveOperationException {
    if (measured) return DBFactory.newDB(db, props, tracer());
    DB d = (DB) Class.forName(db).getDeclaredConstructor().newInstance();
    d.setProperties(props);
    return d;
  }

  private static Tracer tracer() {
    return new Tracer.Builder("YCSB").conf(HTraceConfiguration.EMPTY).build();
  }

  private static void resetMeasurements(Properties props) throws WorkloadException {
    try {
      Field f = Measurements.class.getDeclaredField("singleton");
      f.setAccessible(true);
      synchronized (Measurements.class) {
        f.set(null, null);
      }
    } catch (ReflectiveOperationException e) {
      throw new WorkloadException("cannot reset YCSB's measurements: " + e);
    }
    Measurements.setProperties(props);
  }
}

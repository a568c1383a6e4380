package org.jnvm.ycsb.bench;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import site.ycsb.ByteArrayByteIterator;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.Status;

/**
 * A child JVM of {@code bin/jnvm bench --restart}. Prints {@code PHASE main MILLIS} first (the wall
 * clock when {@code main} began, for the parent's JVM start time), then either:
 *
 * <ol>
 *   <li>(the first child) loads the entries with the unit's load threads, prints {@code PHASE
 *       loaded}, and runs the write load ({@link WriteLoad}) until the parent kills it; or
 *   <li>(the restarted child) opens the same files and measures ({@link RestartMeasure}).
 * </ol>
 */
public final class RestartMain {
  static final String FIELD = "field0";

  private RestartMain() {}

  public static void main(String[] args) throws Exception {
    long mainNanos = System.nanoTime();
    phase("main", System.currentTimeMillis());
    if (args.length != 1) throw new IllegalArgumentException("usage: RestartMain RUN.properties");
    RestartUnit u = RestartUnit.read(Path.of(args[0]));
    UnitMain.quietLogs();
    Target t = Targets.byName(u.target());
    if (u.restarted()) {
      RestartMeasure.run(u, t, mainNanos);
    } else {
      loadThenWrite(u, t);
    }
    System.out.flush();
    System.exit(0); // a library's stray non-daemon thread must not keep the JVM alive
  }

  static void phase(String name, long millis) {
    System.out.println("PHASE " + name + " " + millis);
    System.out.flush();
  }

  private static void loadThenWrite(RestartUnit u, Target t) throws Exception {
    // This instance holds the cache, heap or map open from the load to the kill.
    DB holder = Phase.newDb(t.db(), u.props(t), false);
    holder.init();
    load(u, t);
    phase("loaded", System.currentTimeMillis());
    WriteLoad.run(holder, u.records());
  }

  /** Inserts keys {@code [0, records)} at version 0, the key range split among the threads. */
  private static void load(RestartUnit u, Target t) throws Exception {
    AtomicLong done = new AtomicLong();
    AtomicReference<Throwable> failure = new AtomicReference<>();
    List<Thread> threads = new ArrayList<>();
    int n = u.loadThreads();
    for (int i = 0; i < n; i++) {
      long from = u.records() * i / n;
      long to = u.records() * (i + 1) / n;
      Thread th = new Thread(() -> loadRange(u, t, from, to, done, failure), "restart-load-" + i);
      threads.add(th);
      th.start();
    }
    for (Thread th : threads) {
      while (th.isAlive()) {
        th.join(2000);
        UnitMain.progress("load", done.get(), u.records());
      }
    }
    if (failure.get() != null) throw new IllegalStateException("the load failed", failure.get());
  }

  private static void loadRange(
      RestartUnit u,
      Target t,
      long from,
      long to,
      AtomicLong done,
      AtomicReference<Throwable> failure) {
    try {
      DB db = Phase.newDb(t.db(), u.props(t), false);
      db.init();
      try {
        for (long k = from; k < to; k++) {
          Status s = db.insert(RestartUnit.TABLE, RestartValue.key(k), values(k, 0));
          if (!s.isOk()) throw new IllegalStateException("insert of key " + k + ": " + s);
          done.incrementAndGet();
        }
      } finally {
        db.cleanup();
      }
    } catch (Throwable e) {
      failure.compareAndSet(null, e);
    }
  }

  /** The one field of key {@code key} at {@code version}. */
  static Map<String, ByteIterator> values(long key, long version) {
    Map<String, ByteIterator> m = new HashMap<>();
    m.put(FIELD, new ByteArrayByteIterator(RestartValue.encode(key, version)));
    return m;
  }
}

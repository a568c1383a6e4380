package org.jnvm.jpdt.nolock;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.jnvm.core.heap.Heap;
import org.jnvm.jpdt.collection.LockConflictException;
import org.jnvm.jpfa.FA;

/**
 * The misuse scenario of issue 55 made the normal use of a concurrent map: writer threads run
 * failure-atomic blocks on one map with no lock of their own, on keys of their own and on keys they
 * share, and abort some blocks at random (a quarter, after their changes); reader threads look keys
 * up and walk the map with no lock. A block that gives up on a lock conflict counts as aborted.
 *
 * <p>Every committed block draws a ticket inside the block, after its last change: two blocks that
 * change one key are ordered by the map's part lock, so their tickets are in commit order, and the
 * model ({@link #model}) applies the committed changes in ticket order. Every value names its key
 * and its block; a reader fails on a value that is not whole, names another key, or comes from a
 * block that aborted.
 */
final class NoLockScenario {
  static final int OWN_KEYS = 48;
  static final int SHARED_KEYS = 16;
  static final int CHANGES = 4;

  private final Heap heap;
  private final Map<String, String> map;
  private final int writers;
  private final Outcomes outcomes;
  private final AtomicLong tickets = new AtomicLong();
  private final Model model = new Model();
  private final ConcurrentLinkedQueue<String> problems = new ConcurrentLinkedQueue<>();
  private final AtomicLong reads = new AtomicLong();
  private final AtomicLong conflicts = new AtomicLong();
  private final AtomicLong aborts = new AtomicLong();
  private final AtomicBoolean stop = new AtomicBoolean();

  NoLockScenario(Heap heap, Map<String, String> map, int writers) {
    this.heap = heap;
    this.map = map;
    this.writers = writers;
    this.outcomes = new Outcomes(writers);
  }

  private record Commit(long ticket, Map<String, String> changes) {}

  /**
   * The twin: committed changes applied in ticket order as the tickets arrive (a commit waits in
   * {@code early} until those before it came), so that long runs keep no history.
   */
  private static final class Model {
    private final Map<String, String> map = new TreeMap<>();
    private final PriorityQueue<Commit> early =
        new PriorityQueue<>((a, b) -> Long.compare(a.ticket, b.ticket));
    private long next = 1;
    private long commits;

    synchronized void add(Commit c) {
      commits++;
      early.add(c);
      while (!early.isEmpty() && early.peek().ticket == next) {
        apply(early.poll());
        next++;
      }
    }

    /** The map after every commit; a ticket lost to a failed commit no longer holds the rest. */
    synchronized Map<String, String> done() {
      while (!early.isEmpty()) apply(early.poll());
      return new TreeMap<>(map);
    }

    synchronized long commits() {
      return commits;
    }

    private void apply(Commit c) {
      c.changes.forEach(
          (k, v) -> {
            if (v == null) map.remove(k);
            else map.put(k, v);
          });
    }
  }

  /**
   * Runs {@code writers} writers until each committed {@code blocks} blocks and at least {@code
   * millis} passed, with {@code readers} readers meanwhile; returns the problems the readers saw.
   */
  List<String> run(int blocks, long millis, int readers, long seed) throws InterruptedException {
    List<Thread> rs = new ArrayList<>();
    for (int i = 0; i < readers; i++) rs.add(start("reader-" + i, reader(seed + 100 + i)));
    List<Thread> ws = new ArrayList<>();
    long until = System.nanoTime() + millis * 1_000_000L;
    for (int i = 0; i < writers; i++)
      ws.add(start("writer-" + i, writer(i, blocks, until, seed + i)));
    for (Thread w : ws) w.join();
    stop.set(true);
    for (Thread r : rs) r.join();
    return new ArrayList<>(problems);
  }

  private static Thread start(String name, Runnable r) {
    Thread t = new Thread(r, name);
    t.start();
    return t;
  }

  private Runnable writer(int w, int blocks, long until, long seed) {
    return () -> {
      SplittableRandom rnd = new SplittableRandom(seed);
      try {
        int done = 0;
        for (int b = 0; done < blocks || System.nanoTime() < until; b++) {
          if (block(w, b, rnd)) done++;
        }
      } catch (Throwable e) {
        problems.add("writer " + w + " failed: " + e);
        stop.set(true);
      }
    };
  }

  /** One block of writer {@code w}; true if it committed. */
  private boolean block(int w, int b, SplittableRandom rnd) {
    boolean abort = rnd.nextInt(4) == 0;
    Map<String, String> changes = new LinkedHashMap<>();
    try {
      long ticket =
          FA.call(
              heap,
              () -> {
                changes.clear();
                for (int j = 0; j < CHANGES; j++) change(w, b, rnd, changes);
                if (abort) throw new ChosenAbort();
                return tickets.incrementAndGet();
              });
      outcomes.committed(w, b);
      model.add(new Commit(ticket, changes));
      return true;
    } catch (ChosenAbort e) {
      aborts.incrementAndGet();
    } catch (LockConflictException e) {
      conflicts.incrementAndGet();
    }
    outcomes.aborted(w, b);
    return false;
  }

  private void change(int w, int b, SplittableRandom rnd, Map<String, String> changes) {
    String key =
        rnd.nextInt(3) == 0 ? shared(rnd.nextInt(SHARED_KEYS)) : own(w, rnd.nextInt(OWN_KEYS));
    if (rnd.nextInt(5) == 0) {
      map.remove(key);
      changes.put(key, null);
    } else {
      String v = value(w, b, key);
      map.put(key, v);
      changes.put(key, v);
    }
  }

  private Runnable reader(long seed) {
    return () -> {
      SplittableRandom rnd = new SplittableRandom(seed);
      List<String> pending = new ArrayList<>();
      try {
        while (!stop.get()) {
          for (int n = 0; n < 100; n++) {
            String k =
                rnd.nextBoolean()
                    ? shared(rnd.nextInt(SHARED_KEYS))
                    : own(rnd.nextInt(writers), rnd.nextInt(OWN_KEYS));
            seen(k, map.get(k), pending);
          }
          for (Map.Entry<String, String> e : map.entrySet())
            seen(e.getKey(), e.getValue(), pending);
          settle(pending);
        }
        settle(pending);
        for (String v : pending) problems.add("value of a block whose end is unknown: " + v);
      } catch (Throwable e) {
        problems.add(Thread.currentThread().getName() + " failed: " + e);
      }
    };
  }

  private void seen(String key, String v, List<String> pending) {
    reads.incrementAndGet();
    if (v == null) return;
    String[] f = v.split("/");
    if (f.length != 3 || !f[2].equals(key)) {
      problems.add("torn or foreign value: " + key + " = " + v);
      return;
    }
    pending.add(v);
  }

  /** Checks the values seen against the blocks' ends; keeps those of blocks still running. */
  private void settle(List<String> pending) {
    pending.removeIf(
        v -> {
          String[] f = v.split("/");
          int w = Integer.parseInt(f[0].substring(1));
          int b = Integer.parseInt(f[1].substring(1));
          if (outcomes.isAborted(w, b)) {
            problems.add("a reader saw the value of an aborted block: " + v);
            return true;
          }
          return outcomes.isKnown(w, b);
        });
  }

  /** The committed changes applied in commit order: what the map must hold. */
  Map<String, String> model() {
    return model.done();
  }

  String summary() {
    return "commits="
        + model.commits()
        + " chosenAborts="
        + aborts.get()
        + " lockConflicts="
        + conflicts.get()
        + " reads="
        + reads.get();
  }

  long commits() {
    return model.commits();
  }

  long aborts() {
    return aborts.get();
  }

  long reads() {
    return reads.get();
  }

  static Map<String, String> copy(Map<String, String> m) {
    return new HashMap<>(m);
  }

  static String own(int w, int i) {
    return "w" + w + ".k" + i;
  }

  static String shared(int i) {
    return "s.k" + i;
  }

  /** A value: its writer, its block and its key. */
  static String value(int w, int b, String key) {
    return "w" + w + "/b" + b + "/" + key;
  }

  /** The exception a block throws to abort by choice. */
  static final class ChosenAbort extends RuntimeException {
    private static final long serialVersionUID = 1L;

    ChosenAbort() {
      super("chosen abort", null, false, false);
    }
  }
}

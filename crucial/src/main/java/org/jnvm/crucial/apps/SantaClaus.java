package org.jnvm.crucial.apps;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import org.jnvm.crucial.CloudThread;
import org.jnvm.crucial.ServerlessExecutorService;
import org.jnvm.dso.DsoClient;
import org.jnvm.dso.lib.AtomicInteger;
import org.jnvm.dso.lib.CyclicBarrier;
import org.jnvm.dso.lib.Semaphore;
import org.jnvm.dso.lib.SharedList;

/**
 * The Santa Claus problem (Trono, 1994) with shared semaphores and barriers, one cloud thread per
 * character. Santa sleeps until all nine reindeer are back (then he harnesses them, they deliver
 * together) or three elves need help (then he helps those three together); reindeer go first.
 *
 * <p>The solution is the semaphore one of Downey's "Little Book of Semaphores": a mutex guarding
 * two counters, a semaphore that wakes Santa, one the reindeer wait on, and one ({@code elfTex})
 * that lets at most three elves in; the two barriers make the groups meet Santa (10 parties for a
 * delivery, 4 for a consultation). Santa writes what he did to a shared log and each party records
 * its part, so that the run's invariants can be checked afterwards ({@link Log}).
 */
public final class SantaClaus {
  private SantaClaus() {}

  /** Every shared object of one run, keyed under a run name. */
  public record Table(
      Semaphore mutex,
      Semaphore santa,
      Semaphore reindeerSem,
      Semaphore elfTex,
      AtomicInteger reindeer,
      AtomicInteger elves,
      CyclicBarrier sleigh,
      CyclicBarrier consult,
      AtomicInteger elvesInside,
      AtomicInteger maxElvesInside,
      SharedList<String> log)
      implements Serializable {
    static Table create(DsoClient dso, String run) {
      return new Table(
          dso.semaphore(run + "/mutex", 1),
          dso.semaphore(run + "/santa", 0),
          dso.semaphore(run + "/reindeerSem", 0),
          dso.semaphore(run + "/elfTex", 1),
          dso.atomicInteger(run + "/reindeer", false, 0),
          dso.atomicInteger(run + "/elves", false, 0),
          dso.cyclicBarrier(run + "/sleigh", 10),
          dso.cyclicBarrier(run + "/consult", 4),
          dso.atomicInteger(run + "/elvesInside", false, 0),
          dso.atomicInteger(run + "/maxElvesInside", false, 0),
          dso.list(run + "/log", false));
    }
  }

  /** Santa: serves {@code deliveries} deliveries and {@code consultations} consultations. */
  public record Santa(Table t, int deliveries, int consultations)
      implements Runnable, Serializable {
    @Override
    public void run() {
      int delivered = 0;
      int helped = 0;
      while (delivered < deliveries || helped < consultations) {
        t.santa().acquire();
        t.mutex().acquire();
        if (t.reindeer().get() >= 9) {
          t.reindeer().set(0);
          t.log().add("deliver " + delivered);
          t.reindeerSem().release(9);
          t.mutex().release();
          t.sleigh().await();
          delivered++;
        } else {
          t.log().add("consult " + helped);
          t.mutex().release();
          t.consult().await();
          helped++;
        }
      }
    }
  }

  /** A reindeer: comes back {@code rounds} times, each time pulling the sleigh. */
  public record Reindeer(Table t, int id, int rounds) implements Runnable, Serializable {
    @Override
    public void run() {
      for (int r = 0; r < rounds; r++) {
        t.mutex().acquire();
        if (t.reindeer().incrementAndGet() == 9) {
          t.santa().release();
        }
        t.mutex().release();
        t.reindeerSem().acquire();
        t.log().add("hitched " + id + " round " + r);
        t.sleigh().await();
      }
    }
  }

  /** An elf: needs help {@code times} times, in groups of three. */
  public record Elf(Table t, int id, int times) implements Runnable, Serializable {
    @Override
    public void run() {
      for (int i = 0; i < times; i++) {
        t.elfTex().acquire();
        int inside = t.elvesInside().incrementAndGet();
        int max;
        do {
          max = t.maxElvesInside().get();
        } while (inside > max && !t.maxElvesInside().compareAndSet(max, inside));
        t.mutex().acquire();
        if (t.elves().incrementAndGet() == 3) {
          t.santa().release();
        } else {
          t.elfTex().release();
        }
        t.mutex().release();
        t.log().add("helped " + id);
        t.consult().await();
        t.elvesInside().decrementAndGet();
        t.mutex().acquire();
        if (t.elves().decrementAndGet() == 0) {
          t.elfTex().release();
        }
        t.mutex().release();
      }
    }
  }

  /** Runs Santa, 9 reindeer ({@code rounds} deliveries) and {@code elves} elves. */
  public static Log run(
      DsoClient dso, ServerlessExecutorService se, String run, int rounds, int elves, int helps)
      throws InterruptedException {
    if (elves * helps % 3 != 0) {
      throw new IllegalArgumentException(
          "elves x helps must be a multiple of 3: elves=" + elves + " helps=" + helps);
    }
    Table t = Table.create(dso, run);
    List<CloudThread> threads = new ArrayList<>();
    threads.add(new CloudThread(se, new Santa(t, rounds, elves * helps / 3)));
    for (int i = 0; i < 9; i++) {
      threads.add(new CloudThread(se, new Reindeer(t, i, rounds)));
    }
    for (int i = 0; i < elves; i++) {
      threads.add(new CloudThread(se, new Elf(t, i, helps)));
    }
    threads.forEach(Thread::start);
    for (CloudThread th : threads) {
      th.join();
      if (th.failure() != null) {
        throw new IllegalStateException("a Santa Claus character failed", th.failure());
      }
    }
    return new Log(t.log().snapshot(), t.maxElvesInside().get());
  }

  /** What happened, in the order the shared log received it. */
  public record Log(List<String> events, int maxElvesInside) {
    /**
     * The problem's invariants, or the first one broken: Santa made {@code rounds} deliveries and
     * {@code elves * helps / 3} consultations; between delivery r and the next one, exactly the 9
     * reindeer were hitched for round r; elves were helped in consecutive groups of three distinct
     * elves, each elf {@code helps} times; never more than three elves waited for Santa.
     */
    public String violation(int rounds, int elves, int helps) {
      List<String> helped = events.stream().filter(e -> e.startsWith("helped ")).toList();
      long consults = events.stream().filter(e -> e.startsWith("consult ")).count();
      if (consults != elves * helps / 3) {
        return consults + " consultations, expected " + elves * helps / 3;
      }
      if (maxElvesInside > 3) {
        return maxElvesInside + " elves waited for Santa at once";
      }
      String d = deliveries(rounds);
      return d != null ? d : groups(helped, elves, helps);
    }

    private String deliveries(int rounds) {
      int round = -1;
      java.util.Set<String> hitched = new java.util.HashSet<>();
      for (String e : events) {
        if (e.startsWith("deliver ")) {
          if (round >= 0 && hitched.size() != 9) {
            return "delivery " + round + " left with " + hitched;
          }
          round++;
          hitched.clear();
          if (!e.equals("deliver " + round)) {
            return "expected delivery " + round + ", got " + e;
          }
        } else if (e.startsWith("hitched ")) {
          if (round < 0 || !e.endsWith(" round " + round) || !hitched.add(e)) {
            return "'" + e + "' outside delivery " + round;
          }
        }
      }
      if (round + 1 != rounds || hitched.size() != 9) {
        return (round + 1)
            + " deliveries (last with "
            + hitched.size()
            + " reindeer), expected "
            + rounds;
      }
      return null;
    }

    private static String groups(List<String> helped, int elves, int helps) {
      if (helped.size() != elves * helps) {
        return helped.size() + " elf helps, expected " + elves * helps;
      }
      java.util.Map<String, Integer> perElf = new java.util.HashMap<>();
      for (int i = 0; i < helped.size(); i += 3) {
        java.util.Set<String> group = new java.util.HashSet<>(helped.subList(i, i + 3));
        if (group.size() != 3) {
          return "group " + i / 3 + " is not three distinct elves: " + helped.subList(i, i + 3);
        }
        group.forEach(g -> perElf.merge(g, 1, Integer::sum));
      }
      for (java.util.Map.Entry<String, Integer> e : perElf.entrySet()) {
        if (e.getValue() != helps) {
          return e.getKey() + " helped " + e.getValue() + " times, expected " + helps;
        }
      }
      return perElf.size() == elves ? null : perElf.size() + " elves helped, expected " + elves;
    }
  }
}

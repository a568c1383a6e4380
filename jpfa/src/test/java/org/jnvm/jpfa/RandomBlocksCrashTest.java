package org.jnvm.jpfa;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.jnvm.core.heap.Heap;
import org.jnvm.emulation.crash.CrashCheck;
import org.jnvm.emulation.crash.CrashConfig;
import org.jnvm.emulation.crash.CrashModel;
import org.jnvm.emulation.crash.Linearizable;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Seeded random blocks under EVICTION, checked against a model: each block does one to four
 * operations (transfer, tag, push a new record on a stack, pop and free the top one), some inside a
 * nested block, and one in five throws at its end and must leave no trace. A short run is part of
 * the default build; long runs with the thorough configuration are tagged crash-long (-Pcrash).
 */
class RandomBlocksCrashTest {
  private static final int ACCOUNTS = 5;

  /** Observable state: balances and tags, the stack's values top first, live objects. */
  record State(List<Long> balances, List<Long> tags, List<Long> stack, long live) {}

  @Test
  void shortRandomRun() throws Exception {
    run(1, 12);
  }

  @Tag("crash-long")
  @ParameterizedTest(name = "seed {0}")
  @ValueSource(longs = {2, 3, 4, 5})
  void longRandomRuns(long seed) throws Exception {
    run(seed, 60);
  }

  private static void run(long seed, int blocks) throws Exception {
    CrashCheck setup =
        heap -> {
          Bank b = Bank.create(heap, ACCOUNTS + 1); // the last one heads the stack
          FA.run(heap, () -> b.get(0).tag(0));
        };
    long base = FaCrashTest.baseline(setup);
    Linearizable<State> h = history(seed, blocks, base);
    org.jnvm.emulation.crash.CrashTest.named("jpfa: random blocks, seed " + seed)
        .config(CrashConfig.standard(CrashModel.EVICTION).withSeed(seed))
        .heapSize(1 << 20)
        .setup(setup)
        .workload(heap -> workload(heap, seed, blocks, h))
        .check(heap -> h.check(observe(heap)))
        .run();
  }

  /** One random block: its operations, whether part is nested, whether it throws. */
  private record Plan(int[][] ops, int nestedFrom, boolean aborts) {
    static Plan next(Random r) {
      int[][] ops = new int[1 + r.nextInt(4)][];
      for (int k = 0; k < ops.length; k++) {
        ops[k] =
            new int[] {r.nextInt(4), r.nextInt(ACCOUNTS), r.nextInt(ACCOUNTS), 1 + r.nextInt(50)};
      }
      return new Plan(ops, r.nextInt(ops.length + 1), r.nextInt(5) == 0);
    }
  }

  private static Linearizable<State> history(long seed, int blocks, long base) {
    Model m = new Model(base);
    Linearizable<State> h = new Linearizable<>(m.state());
    Random r = new Random(seed);
    for (int i = 0; i < blocks; i++) {
      Plan p = Plan.next(r);
      if (!p.aborts) for (int[] op : p.ops) m.apply(op);
      h.then(m.state());
    }
    return h;
  }

  private static void workload(Heap heap, long seed, int blocks, Linearizable<State> h) {
    Bank b = Bank.open(heap);
    Random r = new Random(seed);
    for (int i = 0; i < blocks; i++) {
      Plan p = Plan.next(r);
      try {
        FA.run(
            heap,
            () -> {
              for (int k = 0; k < p.nestedFrom; k++) apply(heap, b, p.ops[k]);
              FA.run(
                  heap,
                  () -> {
                    for (int k = p.nestedFrom; k < p.ops.length; k++) apply(heap, b, p.ops[k]);
                  });
              if (p.aborts) throw new IllegalStateException("planned abort");
            });
      } catch (IllegalStateException e) {
        if (!p.aborts) throw e;
      }
      h.ack();
    }
  }

  private static void apply(Heap heap, Bank b, int[] op) {
    Account stack = b.get(ACCOUNTS);
    switch (op[0]) {
      case 0 -> {
        if (op[1] == op[2]) return;
        b.get(op[1]).balance(b.get(op[1]).balance() - op[3]);
        b.get(op[2]).balance(b.get(op[2]).balance() + op[3]);
      }
      case 1 -> b.get(op[1]).tag(op[3]);
      case 2 -> {
        Account n = new Account(heap, op[3]);
        n.link(stack.link());
        stack.link(n);
      }
      default -> {
        Account top = stack.link();
        if (top == null) return;
        stack.link(top.link());
        heap.free(top);
      }
    }
  }

  private static State observe(Heap heap) {
    Bank b = Bank.open(heap);
    Long[] bal = new Long[ACCOUNTS];
    Long[] tags = new Long[ACCOUNTS];
    for (int i = 0; i < ACCOUNTS; i++) {
      bal[i] = b.get(i).balance();
      tags[i] = b.get(i).tag();
    }
    List<Long> stack = new ArrayList<>();
    for (Account a = b.get(ACCOUNTS).link(); a != null; a = a.link()) stack.add(a.balance());
    return new State(
        Arrays.asList(bal), Arrays.asList(tags), stack, heap.recoveryReport().liveObjects());
  }

  /** The same operations on plain values. */
  private static final class Model {
    private final long[] balances = new long[ACCOUNTS];
    private final long[] tags = new long[ACCOUNTS];
    private final List<Long> stack = new ArrayList<>();
    private final long base;

    Model(long base) {
      this.base = base;
      for (int i = 0; i < ACCOUNTS; i++) balances[i] = 100L * (i + 1);
    }

    void apply(int[] op) {
      switch (op[0]) {
        case 0 -> {
          if (op[1] == op[2]) return;
          balances[op[1]] -= op[3];
          balances[op[2]] += op[3];
        }
        case 1 -> tags[op[1]] = op[3];
        case 2 -> stack.add(0, (long) op[3]);
        default -> {
          if (!stack.isEmpty()) stack.remove(0);
        }
      }
    }

    State state() {
      return new State(
          Arrays.stream(balances).boxed().toList(),
          Arrays.stream(tags).boxed().toList(),
          List.copyOf(stack),
          base + stack.size());
    }
  }
}

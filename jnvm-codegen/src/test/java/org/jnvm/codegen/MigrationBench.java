package org.jnvm.codegen;

import static org.jnvm.codegen.Versions.c;
import static org.jnvm.codegen.Versions.f;

import java.nio.file.Files;
import java.nio.file.Path;
import org.jnvm.codegen.Versions.C;
import org.jnvm.core.JNVM;
import org.jnvm.core.heap.Heap;
import org.jnvm.core.heap.PObject;
import org.jnvm.core.heap.TestHeaps;

/**
 * Eager migration rate: N small objects of version 1 (24-byte payload, a linked list) converted to
 * version 2 (32 bytes: a field widened, one moved, one added) by {@code Heap.migrate} with T
 * threads (default 2), timed. Not a test: {@code java -cp ... org.jnvm.codegen.MigrationBench N
 * [T]} (docs/evolution.md has the command).
 */
public final class MigrationBench {
  private static final String NAME = "org.jnvm.codegen.evo.Bench";
  private static final String SELF = "L" + NAME.replace('.', '/') + ";";
  private static final C V1 = c(NAME, f("a", "I"), f("b", "I"), f("c", "J"), f("next", SELF));
  private static final C V2 =
      c(NAME, f("b", "I"), f("a", "J"), f("c", "J"), f("next", SELF), f("d", "I"));

  private MigrationBench() {}

  public static void main(String[] args) throws Exception {
    int n = Integer.parseInt(args[0]);
    int threads = args.length > 1 ? Integer.parseInt(args[1]) : 2;
    Path p = TestHeaps.dir().resolve("jnvm-migration-bench-" + ProcessHandle.current().pid());
    long size = (long) n * 64 + (256L << 20);
    try {
      long t0 = System.nanoTime();
      write(p, size, n);
      System.out.printf("wrote %d objects in %.1f s%n", n, (System.nanoTime() - t0) / 1e9);
      Class<?> v2 = Versions.load(V2);
      try (Heap h = Heap.open(p)) {
        System.out.println(h.recoveryReport());
        com.sun.management.OperatingSystemMXBean os =
            (com.sun.management.OperatingSystemMXBean)
                java.lang.management.ManagementFactory.getOperatingSystemMXBean();
        double load = os.getSystemLoadAverage();
        long cpu0 = os.getProcessCpuTime();
        long t1 = System.nanoTime();
        long converted = h.migrate(Versions.type(v2), threads);
        double s = (System.nanoTime() - t1) / 1e9;
        double cpu = (os.getProcessCpuTime() - cpu0) / 1e9;
        System.out.printf(
            "migrated %d objects in %.3f s: %.0f objects/s (%d threads, finding them included);"
                + " process CPU %.3f s (%.0f objects per CPU-second); load average %.1f%n",
            converted, s, converted / s, threads, cpu, converted / cpu, load);
      }
    } finally {
      Files.deleteIfExists(p);
    }
  }

  private static void write(Path p, long size, int n) {
    Class<?> v1 = Versions.load(V1);
    Heap h = JNVM.init(p.toString(), size);
    try {
      Object next = null;
      for (int i = n - 1; i >= 0; i--) {
        Object o = Versions.create(v1);
        Versions.set(o, "a", i);
        Versions.set(o, "c", 1000L + i);
        Versions.set(o, "next", next);
        next = o;
      }
      h.roots().put("list", (PObject) next);
    } finally {
      JNVM.close();
    }
  }
}

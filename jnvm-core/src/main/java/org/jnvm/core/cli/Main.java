package org.jnvm.core.cli;

import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.jnvm.core.JnvmException;
import org.jnvm.core.heap.Heap;
import org.jnvm.core.heap.HeapCheck;
import org.jnvm.core.heap.HeapMigrate;
import org.jnvm.core.heap.HeapOptions;
import org.jnvm.core.heap.HeapRepair;
import org.jnvm.core.heap.LayoutMismatchException;
import org.jnvm.core.pmem.GatewayFlags;

/**
 * {@code jnvm flags}: the JVM flags J-NVM needs on the running JDK, on one line, for {@code java
 * $(java -jar jnvm-core.jar flags) ...}; it opens no heap and loads no gateway.
 *
 * <p>{@code jnvm info HEAP} and {@code jnvm check HEAP}: both open the heap read-only (no log
 * replay), so they never change the file. {@code jnvm migrate HEAP --classpath CP} opens it
 * read-write and converts the objects of changed classes ({@link HeapMigrate}).
 *
 * <p>{@code check} lists every problem (the core verifier's, then each layer's {@link
 * org.jnvm.core.heap.HeapChecker}); exit status 0 when there is none, 1 when there are problems
 * (including a heap that does not open because of them), 2 only when the file cannot be read as a
 * heap at all (missing, a directory, bad superblock, locked). {@code info} of a heap that does not
 * open shows its superblock and root entries as on media, with the reason, and exits 1. {@code
 * check --repair [--backup-dir DIR] [--json]} writes a sparse backup copy (next to the heap, or in
 * DIR), cuts the bad references, lets each layer drop what it cannot trust ({@link HeapRepair}),
 * lists what was lost (text, or one JSON object with {@code --json}) and checks again: exit 0 if
 * the heap is then clean, 1 if problems remain, 2 if it cannot be repaired.
 */
public final class Main {
  private Main() {}

  public static void main(String[] args) {
    System.exit(run(args));
  }

  static int run(String[] args) {
    if (args.length == 1 && args[0].equals("flags")) {
      System.out.println(String.join(" ", GatewayFlags.forThisJdk()));
      return 0;
    }
    if (args.length >= 3 && args[0].equals("check") && args[1].equals("--repair")) {
      return repair(args);
    }
    if (args.length >= 2 && args[0].equals("migrate")) return migrate(args);
    if (args.length != 2 || !(args[0].equals("info") || args[0].equals("check"))) {
      System.err.println(
          "usage: jnvm flags | jnvm info HEAP | jnvm check HEAP"
              + " | jnvm check --repair [--backup-dir DIR] [--json] HEAP"
              + " | jnvm migrate HEAP [--classpath CP] [--classes a.B,c.D]   (got "
              + Arrays.toString(args)
              + ")");
      return 64;
    }
    Path path = Path.of(args[1]);
    return args[0].equals("info") ? info(path) : check(path);
  }

  private static int check(Path path) {
    HeapCheck.Result r = HeapCheck.check(path);
    if (!r.readable()) {
      System.err.println("jnvm check: cannot read a heap: " + String.join("; ", r.problems()));
      return 2;
    }
    System.out.println(r);
    return r.ok() ? 0 : 1;
  }

  /**
   * {@code migrate HEAP [--classpath CP] [--classes a.B,c.D]}: converts the stored objects of every
   * class with a newer version on CP (docs/evolution.md); exit 0 done, 1 refused, 2 unreadable.
   */
  private static int migrate(String[] args) {
    List<URL> cp = new ArrayList<>();
    List<String> classes = new ArrayList<>();
    try {
      for (int i = 2; i < args.length; i += 2) {
        if (i + 1 >= args.length) throw new IllegalArgumentException("no value for " + args[i]);
        switch (args[i]) {
          case "--classpath", "--cp" -> {
            for (String e : args[i + 1].split(java.io.File.pathSeparator)) {
              cp.add(Path.of(e).toUri().toURL());
            }
          }
          case "--classes" -> classes.addAll(List.of(args[i + 1].split(",")));
          default -> throw new IllegalArgumentException("unknown option " + args[i]);
        }
      }
    } catch (IllegalArgumentException | java.net.MalformedURLException e) {
      System.err.println("jnvm migrate: " + e.getMessage());
      return 64;
    }
    ClassLoader loader = new URLClassLoader(cp.toArray(new URL[0]), Main.class.getClassLoader());
    try {
      HeapMigrate.run(Path.of(args[1]), loader, classes, System.out::println);
      return 0;
    } catch (LayoutMismatchException e) {
      System.err.println("jnvm migrate: " + e.getMessage());
      return 1;
    } catch (JnvmException e) {
      System.err.println("jnvm migrate: " + e.getMessage());
      return 2;
    }
  }

  /**
   * Backup, cut the bad references, check again: exit 0 if the heap is then clean. What the program
   * loses is listed last, one {@code lost:} line each, so that it is the last thing read.
   */
  private static int repair(String[] args) {
    Path backupDir = null;
    boolean json = false;
    int i = 2;
    for (; i < args.length - 1; i++) {
      if (args[i].equals("--json")) json = true;
      else if (args[i].equals("--backup-dir") && i + 2 < args.length)
        backupDir = Path.of(args[++i]);
      else {
        System.err.println("jnvm check --repair: unknown option " + args[i]);
        return 64;
      }
    }
    Path path = Path.of(args[i]);
    HeapRepair.Result r;
    try {
      r = HeapRepair.repair(path, backupDir);
    } catch (JnvmException e) {
      System.err.println("jnvm check --repair: " + e.getMessage());
      return 2;
    }
    if (json) {
      System.out.println(json(r));
      return r.after().ok() ? 0 : 1;
    }
    if (r.backup() == null) {
      System.out.println("nothing to repair: " + r.after());
      return 0;
    }
    System.out.println("backup: " + r.backup());
    for (String c : r.cut()) System.out.println("cut: " + c);
    System.out.println("after repair: " + r.after());
    for (String l : r.lost()) System.out.println("lost: " + l);
    if (!r.lost().isEmpty()) {
      System.out.println("the repair dropped data: " + r.lost().size() + " item(s) listed above");
    }
    return r.after().ok() ? 0 : 1;
  }

  /**
   * The repair as one JSON object: {@code backup} (null when nothing was repaired), {@code cut},
   * {@code lost} (what the program loses: keys where known, counts otherwise), and {@code after}
   * (the check of the repaired heap: {@code ok}, {@code problems}, {@code notes}).
   */
  static String json(HeapRepair.Result r) {
    HeapCheck.Result a = r.after();
    return "{\"backup\": "
        + Json.str(r.backup() == null ? null : r.backup().toString())
        + ", \"cut\": "
        + Json.list(r.cut())
        + ", \"lost\": "
        + Json.list(r.lost())
        + ", \"after\": {\"ok\": "
        + a.ok()
        + ", \"reachable\": "
        + a.reachable()
        + ", \"problems\": "
        + Json.list(a.problems())
        + ", \"notes\": "
        + Json.list(a.notes())
        + "}}";
  }

  private static int info(Path path) {
    try (Heap heap =
        Heap.open(path, HeapOptions.DEFAULT.withReadOnly(true).withBackgroundRecovery(false))) {
      System.out.print(heap.describe());
      return 0;
    } catch (JnvmException e) {
      String damaged = HeapCheck.describeDamaged(path);
      if (damaged == null) {
        System.err.println("jnvm info: " + e.getMessage());
        return 2;
      }
      System.out.print(damaged);
      System.out.println("does not open: " + e.getMessage());
      return 1;
    }
  }
}

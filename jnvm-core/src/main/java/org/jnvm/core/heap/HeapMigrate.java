package org.jnvm.core.heap;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;

/**
 * {@code jnvm migrate}: opens a heap and migrates each of its classes that has a newer version on
 * the given class path, printing one line per class (docs/evolution.md). Classes not on the class
 * path are named and left as they are; a refused class stops the run with its problems.
 */
public final class HeapMigrate {
  private HeapMigrate() {}

  /**
   * Migrates the classes of the heap at {@code path}: those named in {@code classes} (a renamed
   * class must be named by its new name), or every stored class name {@code loader} can load.
   */
  public static void run(
      Path path, ClassLoader loader, List<String> classes, Consumer<String> out) {
    Thread t = Thread.currentThread();
    ClassLoader before = t.getContextClassLoader();
    t.setContextClassLoader(loader);
    try (Heap heap = Heap.open(path, HeapOptions.DEFAULT.withBackgroundRecovery(false))) {
      for (String name : classes.isEmpty() ? storedNames(heap) : classes) {
        PersistentClass<?> type = load(name, loader);
        if (type == null) {
          out.accept(name + ": not on the class path (or not a persistent class), left as it is");
          continue;
        }
        long t0 = System.nanoTime();
        long n = heap.migrate(type);
        out.accept(line(name, n, System.nanoTime() - t0));
      }
    } finally {
      t.setContextClassLoader(before);
    }
  }

  private static String line(String name, long n, long nanos) {
    if (n == 0) return name + ": up to date";
    double s = nanos / 1e9;
    return String.format(
        "%s: %d objects converted in %.3f s (%.0f objects/s)", name, n, s, n / Math.max(s, 1e-9));
  }

  private static List<String> storedNames(Heap heap) {
    Set<String> names = new LinkedHashSet<>();
    for (ClassInfo c : heap.classes().infos()) {
      if (c != null && c.id() >= PersistentClass.FIRST_USER_ID) names.add(c.name());
    }
    return new ArrayList<>(names);
  }

  private static PersistentClass<?> load(String name, ClassLoader loader) {
    try {
      Class.forName(name, true, loader);
    } catch (ClassNotFoundException | LinkageError e) {
      return null;
    }
    return PersistentClass.forName(name);
  }
}

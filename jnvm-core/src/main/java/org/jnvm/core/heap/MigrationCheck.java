package org.jnvm.core.heap;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code jnvm check}'s view of class evolution: a reachable object whose class id is not the latest
 * shape of its class name was left behind by a migration that did not finish (a conversion that
 * threw, a tool stopped, a read-only open since). Reported, not passed: the next first use of the
 * class, or {@code bin/jnvm migrate}, converts it.
 */
final class MigrationCheck {
  private MigrationCheck() {}

  /** Adds one problem per earlier shape that still has reachable objects. */
  static void check(Heap heap, HeapWalk walk, List<String> problems) {
    Map<String, ClassInfo> latest = new HashMap<>();
    ClassInfo[] infos = heap.classes().infos();
    for (ClassInfo c : infos) {
      if (c != null && c.id() >= PersistentClass.FIRST_USER_ID) latest.put(c.name(), c);
    }
    for (ClassInfo c : infos) {
      if (c == null || c.id() < PersistentClass.FIRST_USER_ID || latest.get(c.name()) == c) {
        continue;
      }
      int n = walk.objectsOf(c.id()).size();
      if (n > 0) problems.add(problem(c, latest.get(c.name()), n, heap));
    }
  }

  private static String problem(ClassInfo old, ClassInfo now, int n, Heap heap) {
    return n
        + " objects of "
        + old.name()
        + " remain in "
        + version(old)
        + " (id "
        + old.id()
        + ") while the class's latest is "
        + version(now)
        + " (id "
        + now.id()
        + "): a migration did not finish; run bin/jnvm migrate "
        + heap.file()
        + " --classpath CP";
  }

  private static String version(ClassInfo c) {
    return c.shape() == null ? "an earlier shape" : "stored shape v" + c.shape().version();
  }
}

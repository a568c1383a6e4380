package org.jnvm.core.heap;

import java.util.Arrays;
import java.util.List;

/**
 * A class entry's persisted layout (size, reference offsets, reference tail: what recovery's mark
 * follows) against the Java class with the same name and fingerprint. The fingerprint covers the
 * layout, but the entry stores it apart from the offsets, so a damaged offset leaves the
 * fingerprint matching while the mark follows the wrong words (a value never marked is swept:
 * entries vanish).
 */
final class ClassLayoutCheck {
  private ClassLayoutCheck() {}

  /** True if {@code info} lays objects out as {@code type} does. */
  static boolean sameLayout(ClassInfo info, PersistentClass<?> type) {
    return info.fixedSize() == type.fixedSize()
        && info.refTail() == type.refTail()
        && Arrays.equals(info.refOffsets(), type.refOffsets());
  }

  /** The problem of one class entry, or null; classes not on the class path are not judged. */
  static String problem(ClassInfo info) {
    PersistentClass<?> type = javaClass(info.name());
    if (type == null || type.fingerprint() != info.fingerprint() || sameLayout(info, type)) {
      return null;
    }
    return "class entry "
        + info.id()
        + " ("
        + info.name()
        + ") persists size="
        + info.fixedSize()
        + " refs="
        + Arrays.toString(info.refOffsets())
        + " tail="
        + info.refTail()
        + " but its class (same fingerprint) has size="
        + type.fixedSize()
        + " refs="
        + Arrays.toString(type.refOffsets())
        + " tail="
        + type.refTail()
        + ": recovery follows the wrong references";
  }

  /** Adds the problem of every user class entry of {@code heap} to {@code problems}. */
  static void check(Heap heap, List<String> problems) {
    for (ClassInfo c : heap.classes().infos()) {
      if (c == null || c.id() < PersistentClass.FIRST_USER_ID) continue;
      String p = problem(c);
      if (p != null) problems.add(p);
    }
  }

  private static PersistentClass<?> javaClass(String name) {
    PersistentClass<?> t = PersistentClass.forName(name);
    if (t != null) return t;
    try {
      Class.forName(name, true, ClassLayoutCheck.class.getClassLoader());
    } catch (ClassNotFoundException | LinkageError e) {
      return null;
    }
    return PersistentClass.forName(name);
  }
}

package org.jnvm.core.heap;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.jnvm.core.pmem.Pmem;

/**
 * The class registry's part of {@code jnvm check --repair}, run on media before any mark: a class
 * entry whose persisted layout (size, reference offsets, tail) differs from its Java class with the
 * same name and fingerprint ({@link ClassLayoutCheck}) gets the class's layout written back. The
 * fingerprint covers the layout, so the class's is the one the objects were written with; left as
 * it was, a read-write open would mark through the wrong words and sweep live objects. Only an
 * entry whose reference count is the class's is rewritten (the name follows the offsets; a changed
 * count is left, and reported by the check after the repair).
 */
final class RegistryRepair {
  private RegistryRepair() {}

  /** Restores the entries it can; returns one line per entry restored. */
  static List<String> restore(MediaView view, long firstSegment) {
    List<String> done = new ArrayList<>();
    Set<Long> seen = new HashSet<>();
    int index = 0;
    for (long seg = firstSegment; seg != 0; ) {
      ClassRegistry.requireSegment(view, seg, Builtins.REGISTRY_SEGMENT, "registry segment", seen);
      long at = view.base + seg;
      for (int i = 0; i < RegistrySegmentLayout.ENTRIES; i++, index++) {
        long e = RegistrySegmentLayout.entry(at, i);
        if (e != 0) restore(view, e, PersistentClass.FIRST_USER_ID + index, done);
      }
      seg = RegistrySegmentLayout.next(at);
    }
    return done;
  }

  private static void restore(MediaView view, long entry, int id, List<String> done) {
    ClassInfo info = ClassEntryLayout.read(view.base + entry, id);
    String problem = ClassLayoutCheck.problem(info);
    PersistentClass<?> type = PersistentClass.forName(info.name());
    if (problem == null || type == null || type.refOffsets().length != info.refOffsets().length) {
      return;
    }
    long p = view.base + entry + ObjectLayout.HEADER;
    Pmem.putInt(p + ClassEntryLayout.FIXED_SIZE_OFFSET, type.fixedSize());
    Pmem.putInt(p + ClassEntryLayout.REF_TAIL_OFFSET, type.refTail());
    for (int i = 0; i < type.refOffsets().length; i++) {
      Pmem.putInt(p + ClassEntryLayout.REFS_OFFSET + 4L * i, type.refOffsets()[i]);
    }
    Pmem.pwb(p, ClassEntryLayout.REFS_OFFSET + 4L * type.refOffsets().length);
    done.add("restored from its class: " + problem);
  }
}

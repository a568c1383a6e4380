package org.jnvm.core.heap;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import org.jnvm.core.JnvmException;
import org.jnvm.core.pmem.Pmem;

/**
 * {@code jnvm check --repair}: cuts the references that lead nowhere valid, so that every intact
 * root and every object reachable through intact references survives, and says what it cut.
 *
 * <ol>
 *   <li>Copy the file to {@code HEAP.bak-<millis>} (never overwriting): nothing is changed before
 *       the backup exists.
 *   <li>Map it read-write, load the registry (a damaged registry is not repaired: refused), and run
 *       the collecting mark: each bad reference is (object, field, target).
 *   <li>Cut each: a root entry's name or value clears the whole entry (name first: an entry is live
 *       iff its name is non-zero); any other field is set to 0 (null). Each store is written back,
 *       then one fence.
 *   <li>Close, then check again ({@link HeapCheck}): what remains (a layer's invariant that a cut
 *       broke, say) is reported, not hidden.
 * </ol>
 *
 * What the cut references led to is not recovered (it was not a valid object); what only they kept
 * reachable becomes garbage that the next read-write open sweeps.
 */
public final class HeapRepair {
  private HeapRepair() {}

  /** What a repair did. */
  public record Result(Path backup, List<String> cut, HeapCheck.Result after) {}

  /**
   * Repairs the heap at {@code path}.
   *
   * @throws JnvmException if it is not readable as a heap or its registry is damaged (the file is
   *     then unchanged); a heap without problems is left alone, without a backup
   */
  public static Result repair(Path path) {
    HeapCheck.Result before = HeapCheck.check(path);
    if (!before.readable()) {
      throw new HeapAccessException(
          "not readable as a heap, nothing repaired: " + String.join("; ", before.problems()));
    }
    if (before.ok()) return new Result(null, List.of(), before);
    Path backup = backup(path);
    List<String> cut = new ArrayList<>();
    try (HeapFile f = HeapFile.open(path, false, false, 0)) {
      MediaView view = new MediaView(f.base(), f.geometry, f.reservation.chunks());
      long sb = f.base();
      view.classes = ClassRegistry.load(null, view, SuperblockLayout.registryOffset(sb)).infos();
      Bitmap marks = new Bitmap(view.granules());
      Marker m = new Marker(view, marks, true);
      m.mark(new long[] {SuperblockLayout.rootsOffset(sb), SuperblockLayout.registryOffset(sb)}, 1);
      for (long[] bad : m.badRefs()) cut.add(cut(view, bad));
      Pmem.pfence();
    }
    return new Result(backup, cut, HeapCheck.check(path));
  }

  private static String cut(MediaView view, long[] bad) {
    long from = bad[0];
    int field = (int) bad[1];
    String what =
        "0x"
            + Long.toHexString(from)
            + " field +"
            + field
            + " (was 0x"
            + Long.toHexString(bad[2])
            + ")";
    if (from == 0)
      throw new HeapCorruptException("a superblock anchor is bad, cannot repair: " + what);
    long payload = view.base + from + ObjectLayout.HEADER;
    if (ObjectLayout.classId(view.base + from) == Builtins.ROOT_SEGMENT
        && field >= RootSegmentLayout.ENTRIES_OFFSET) {
      int entry = (field - RootSegmentLayout.ENTRIES_OFFSET) / RootSegmentLayout.ENTRY;
      long e = payload + RootSegmentLayout.ENTRIES_OFFSET + (long) entry * RootSegmentLayout.ENTRY;
      store(e + RootSegmentLayout.NAME, 0);
      Pmem.pfence();
      store(e + RootSegmentLayout.VALUE, 0);
      return "root entry " + entry + " of segment " + what + " removed";
    }
    store(payload + field, 0);
    return "reference " + what + " set to null";
  }

  private static void store(long address, long v) {
    Pmem.putLong(address, v);
    Pmem.pwb(address);
  }

  private static Path backup(Path path) {
    Path b = path.resolveSibling(path.getFileName() + ".bak-" + System.currentTimeMillis());
    try {
      Files.copy(path, b, StandardCopyOption.COPY_ATTRIBUTES);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write the backup copy " + b + " of " + path, e);
    }
    return b;
  }
}

package org.jnvm.core.heap;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.ServiceLoader;
import java.util.Set;
import org.jnvm.core.JnvmException;
import org.jnvm.core.pmem.Pmem;

/**
 * {@code jnvm check --repair}: cuts the references that lead nowhere valid, so that every intact
 * root and every object reachable through intact references survives, and says what it cut.
 *
 * <ol>
 *   <li>Copy the file to {@code HEAP.bak-<millis>} (never overwriting; in another directory when
 *       asked), keeping its holes ({@link SparseCopy}): nothing is changed before the backup
 *       exists, and no room for it is a refusal that names both sizes.
 *   <li>Map it read-write; restore each class entry whose persisted layout differs from its Java
 *       class of the same fingerprint ({@link RegistryRepair}: a mark through the wrong offsets
 *       would sweep live objects); load the registry (otherwise damaged: refused), and run the
 *       collecting mark: each bad reference is (object, field, target).
 *   <li>Cut each: a root entry's name or value clears the whole entry (name first: an entry is live
 *       iff its name is non-zero); any other field is set to 0 (null). Each store is written back,
 *       then one fence.
 *   <li>If the check still finds problems (a layer's invariant, or one a cut broke: a slot now
 *       null), open the heap read-write (its logs replayed, its garbage swept) and run each layer's
 *       {@link HeapChecker#repair}, lowest {@link HeapChecker#layer} first, each on a fresh walk: a
 *       layer drops what it cannot trust and lists it.
 *   <li>Close, then check again ({@link HeapCheck}): what remains is reported, not hidden.
 * </ol>
 *
 * What the cut references led to is not recovered (it was not a valid object); what only they kept
 * reachable becomes garbage that the next read-write open sweeps. A removed root entry is listed in
 * {@link Result#lost()} by its name: whatever a program kept under that name (a whole store, say)
 * is gone, and the operator must be told, not find an empty store at the next start.
 */
public final class HeapRepair {
  private HeapRepair() {}

  /**
   * What a repair did.
   *
   * @param backup the copy of the damaged file, null if nothing was repaired
   * @param cut each reference cut, with its object, field and old value
   * @param lost what the program loses, by name where known (a root entry's name)
   * @param after the check of the repaired heap
   */
  public record Result(Path backup, List<String> cut, List<String> lost, HeapCheck.Result after) {}

  /**
   * Repairs the heap at {@code path}.
   *
   * @throws JnvmException if it is not readable as a heap or its registry is damaged (the file is
   *     then unchanged); a heap without problems is left alone, without a backup
   */
  public static Result repair(Path path) {
    return repair(path, null);
  }

  /**
   * Repairs the heap at {@code path}, writing its backup copy into {@code backupDir} (the heap's
   * own directory if null).
   */
  public static Result repair(Path path, Path backupDir) {
    HeapCheck.Result before = HeapCheck.check(path);
    if (!before.readable()) {
      throw new HeapAccessException(
          "not readable as a heap, nothing repaired: " + String.join("; ", before.problems()));
    }
    if (before.ok()) return new Result(null, List.of(), List.of(), before);
    Path backup = backup(path, backupDir);
    List<String> cut = new ArrayList<>();
    List<String> lost = new ArrayList<>();
    try (HeapFile f = HeapFile.open(path, false, false, 0)) {
      MediaView view = new MediaView(f.base(), f.geometry, f.reservation.chunks());
      long sb = f.base();
      cut.addAll(RegistryRepair.restore(view, SuperblockLayout.registryOffset(sb)));
      Pmem.pfence(); // the restored layouts before the mark that reads them
      view.classes = ClassRegistry.load(null, view, SuperblockLayout.registryOffset(sb)).infos();
      String cycle = cutRootCycle(view, SuperblockLayout.rootsOffset(sb));
      if (cycle != null) cut.add(cycle);
      Bitmap marks = new Bitmap(view.granules());
      Marker m = new Marker(view, marks, true);
      m.mark(new long[] {SuperblockLayout.rootsOffset(sb), SuperblockLayout.registryOffset(sb)}, 1);
      for (long[] bad : m.badRefs()) cut.add(cut(view, bad, lost));
      Pmem.pfence();
    }
    HeapCheck.Result cutOnly = HeapCheck.check(path);
    if (!cutOnly.ok()) repairLayers(path, cut, lost);
    return new Result(backup, cut, lost, HeapCheck.check(path));
  }

  /** Step 4: each layer's repair on the heap opened read-write, lowest layer first. */
  private static void repairLayers(Path path, List<String> done, List<String> lost) {
    List<HeapChecker> layers = new ArrayList<>();
    ServiceLoader.load(HeapChecker.class).forEach(layers::add);
    layers.sort(Comparator.comparingInt(HeapChecker::layer));
    Recovery.REPAIRING.set(true);
    try (Heap heap = Heap.open(path, HeapOptions.DEFAULT.withBackgroundRecovery(false))) {
      Recovery.REPAIRING.set(false);
      String replayed = heap.recoveryReport().participants();
      if (!replayed.isEmpty()) done.add("opened read-write, replayed: " + replayed);
      for (HeapChecker c : layers) {
        int before = lost.size();
        try {
          c.repair(
              heap,
              HeapWalk.of(heap),
              f -> done.add(c.name() + ": " + f),
              l -> lost.add(c.name() + ": " + l));
        } catch (RuntimeException e) {
          done.add(c.name() + ": repair stopped: " + e);
        }
        Pmem.pfence();
        if (lost.size() > before) {
          done.add(c.name() + ": dropped " + (lost.size() - before) + " item(s)");
        }
      }
    } catch (JnvmException e) {
      done.add("layers not repaired: the heap does not open read-write: " + e.getMessage());
    } finally {
      Recovery.REPAIRING.set(false);
    }
  }

  private static String cut(MediaView view, long[] bad, List<String> lost) {
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
      String name = rootName(view, Pmem.getLong(e + RootSegmentLayout.NAME));
      lost.add("root " + name + " and everything only it reached (its entry was " + what + ")");
      store(e + RootSegmentLayout.NAME, 0);
      Pmem.pfence();
      store(e + RootSegmentLayout.VALUE, 0);
      return "root entry " + entry + " " + name + " of segment " + what + " removed";
    }
    store(payload + field, 0);
    return "reference " + what + " set to null";
  }

  private static void store(long address, long v) {
    Pmem.putLong(address, v);
    Pmem.pwb(address);
  }

  /**
   * Ends the root segment chain where it first comes back to a segment already walked (the chain is
   * then what it was up to the cycle: every entry of every segment it holds is kept), or returns
   * null if it has no cycle. A bad segment ends the walk: the mark reports and cuts it.
   */
  private static String cutRootCycle(MediaView view, long first) {
    Set<Long> seen = new HashSet<>();
    for (long seg = first; seg != 0 && seen.add(seg); ) {
      if (view.objectProblem(seg) != null
          || ObjectLayout.classId(view.base + seg) != Builtins.ROOT_SEGMENT) return null;
      long next = RootSegmentLayout.next(view.base + seg);
      if (seen.contains(next)) {
        store(RootSegmentLayout.nextAddress(view.base + seg), 0);
        return "root segment chain cycle cut: segment 0x"
            + Long.toHexString(seg)
            + " pointed back at 0x"
            + Long.toHexString(next)
            + " (its next set to null)";
      }
      seg = next;
    }
    return null;
  }

  /** The quoted name of a root entry whose name object is at {@code off}, or why it has none. */
  private static String rootName(MediaView view, long off) {
    String p = view.objectProblem(off);
    if (p == null && ObjectLayout.classId(view.base + off) != Builtins.BYTES) p = "not bytes";
    if (p != null) return "<unnamed: name at 0x" + Long.toHexString(off) + " " + p + ">";
    return "\"" + Roots.decode(view.base + off) + "\"";
  }

  private static Path backup(Path path, Path dir) {
    String name = path.getFileName() + ".bak-" + System.currentTimeMillis();
    Path b = dir == null ? path.resolveSibling(name) : dir.resolve(name);
    SparseCopy.copy(path, b, "backup copy");
    return b;
  }
}

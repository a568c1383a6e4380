package org.jnvm.jpdt.collection;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import org.jnvm.core.heap.Heap;
import org.jnvm.core.heap.HeapChecker;
import org.jnvm.core.heap.HeapWalk;
import org.jnvm.jpdt.PTypes;

/**
 * J-PDT's own checks for {@code jnvm check}, from media only (no proxy, no index rebuilt): for
 * every reachable map ({@link PHashMap}, {@link PConcurrentHashMap}, {@link PSkipListMap}) and list
 * ({@link PArrayList}),
 *
 * <ol>
 *   <li>the type codes are known (built-in, or a user code) and the segment size positive;
 *   <li>the directory and each segment, the list's array, are of their class; a segment has the
 *       header's slot count; the directory's and the array's non-zero references are a prefix;
 *   <li>every slot holds an {@link EntryRecord} whose key and value are non-null and of the class
 *       the type expects ({@code PString} for {@code strings}/{@code pstrings}, {@code PByteArray}
 *       for {@code bytes}; any for {@code objects} and user types);
 *   <li>no entry is in two slots, no key object in two entries, and (string keys) no two keys have
 *       the same chars: each breaks {@code size()}, {@code get} or iteration silently;
 *   <li>a hash map with a persistent index ({@link IndexedDirectory}): its root, directories and
 *       buckets are of their class, and a lookup of each live slot's key finds its record there
 *       (built-in key types; {@link IndexCheck}).
 * </ol>
 */
public final class ContainerChecker implements HeapChecker {
  private static final String PSTRING = "org.jnvm.jpdt.PString";
  private static final String PBYTES = "org.jnvm.jpdt.PByteArray";
  private static final List<String> MAPS =
      List.of(
          "org.jnvm.jpdt.collection.PHashMap",
          "org.jnvm.jpdt.collection.PConcurrentHashMap",
          "org.jnvm.jpdt.collection.PSkipListMap");
  private static final String LIST = "org.jnvm.jpdt.collection.PArrayList";

  @Override
  public String name() {
    return "jpdt containers";
  }

  @Override
  public void check(Heap heap, HeapWalk reachable, Consumer<String> problems) {
    for (String cls : MAPS) {
      for (long map : reachable.objectsOf(cls)) new MapCheck(heap, reachable, problems, map).run();
    }
    for (long list : reachable.objectsOf(LIST)) checkList(heap, reachable, problems, list);
  }

  /**
   * The class a slot of type {@code code} must reference, null for any, "?" for an unknown code.
   */
  static String expectedClass(int code) {
    return switch (code) {
      case 2, 3 -> PSTRING;
      case 4 -> PBYTES;
      case 1 -> null;
      default -> code >= PTypes.FIRST_USER_CODE ? null : "?";
    };
  }

  private static void checkList(Heap heap, HeapWalk w, Consumer<String> problems, long list) {
    String where = "list 0x" + Long.toHexString(list);
    long obj = heap.base() + list;
    int code = ListLayout.elementType(obj);
    String expect = expectedClass(code);
    if ("?".equals(expect)) problems.accept(where + ": unknown element type code " + code);
    long array = ListLayout.array(obj);
    if (array == 0) return;
    if (!isA(w, array, ListArray.class.getName(), where + " array", problems)) return;
    long a = heap.base() + array;
    boolean ended = false;
    for (int i = 0; i < BlockLayout.length(a); i++) {
      long e = BlockLayout.ref(a, i);
      if (e == 0) ended = true;
      else if (ended) problems.accept(where + ": element " + i + " follows a null element");
      else if (expect != null && !"?".equals(expect)) {
        isA(w, e, expect, where + " element " + i, problems);
      }
    }
  }

  static boolean isA(HeapWalk w, long off, String cls, String what, Consumer<String> problems) {
    String found = w.classNameAt(off);
    if (found.equals(cls)) return true;
    problems.accept(
        what + " at 0x" + Long.toHexString(off) + " is a " + found + ", expected " + cls);
    return false;
  }

  /** One map's checks. */
  private static final class MapCheck {
    private final Heap heap;
    private final HeapWalk w;
    private final Consumer<String> problems;
    private final String where;
    private final long obj;
    private final Set<Long> entries = new HashSet<>();
    private final Set<Long> keys = new HashSet<>();
    private final Map<String, Long> keyChars = new HashMap<>();
    private IndexCheck index;

    MapCheck(Heap heap, HeapWalk w, Consumer<String> problems, long map) {
      this.heap = heap;
      this.w = w;
      this.problems = problems;
      this.where = "map 0x" + Long.toHexString(map);
      this.obj = heap.base() + map;
    }

    void run() {
      int kc = MapLayout.keyType(obj);
      int vc = MapLayout.valueType(obj);
      int slots = MapLayout.segmentSlots(obj);
      if ("?".equals(expectedClass(kc))) problems.accept(where + ": unknown key type code " + kc);
      if ("?".equals(expectedClass(vc))) problems.accept(where + ": unknown value type code " + vc);
      if (slots <= 0) {
        problems.accept(where + ": segment slots " + slots + " (must be positive)");
        return;
      }
      long dir = MapLayout.directory(obj);
      if (dir == 0) {
        problems.accept(where + ": no directory (a map always has one)");
        return;
      }
      boolean indexed = IndexedDirectory.class.getName().equals(w.classNameAt(dir));
      if (!indexed && !isA(w, dir, Directory.class.getName(), where + " directory", problems)) {
        return;
      }
      long d = heap.base() + dir;
      int first = indexed ? 1 : 0;
      index = indexed ? IndexCheck.of(heap, w, problems, where, BlockLayout.ref(d, 0), kc) : null;
      boolean ended = false;
      for (int i = 0; i < BlockLayout.length(d) - first; i++) {
        long seg = BlockLayout.ref(d, first + i);
        if (seg == 0) ended = true;
        else if (ended) problems.accept(where + ": segment " + i + " follows a null reference");
        else segment(i, seg, slots, kc, vc);
      }
    }

    private void segment(int i, long seg, int slots, int kc, int vc) {
      String what = where + " segment " + i;
      if (!isA(w, seg, Segment.class.getName(), what, problems)) return;
      long s = heap.base() + seg;
      int n = BlockLayout.length(s);
      if (n != slots) {
        problems.accept(what + " has " + n + " slots, the header says " + slots);
        return;
      }
      for (int j = 0; j < n; j++) {
        long e = BlockLayout.ref(s, j);
        if (e == 0) continue;
        int slot = i * slots + j;
        if (entry("slot " + slot, e, kc, vc) && index != null) {
          index.slot(slot, EntryLayout.key(heap.base() + e));
        }
      }
    }

    /** Checks the entry of a slot; true if it is a well-formed entry whose key can be hashed. */
    private boolean entry(String slot, long e, int kc, int vc) {
      String what = where + " " + slot;
      if (!entries.add(e)) {
        problems.accept(what + ": entry 0x" + Long.toHexString(e) + " is in two slots");
        return false;
      }
      if (!isA(w, e, EntryRecord.class.getName(), what + " entry", problems)) return false;
      long rec = heap.base() + e;
      long k = EntryLayout.key(rec);
      long v = EntryLayout.value(rec);
      if (k == 0 || v == 0) {
        problems.accept(what + ": entry 0x" + Long.toHexString(e) + " has a null key or value");
        return false;
      }
      typed(what + " key", k, kc);
      typed(what + " value", v, vc);
      if (!keys.add(k)) problems.accept(what + ": key 0x" + Long.toHexString(k) + " is shared");
      else if (PSTRING.equals(expectedClass(kc)) && PSTRING.equals(w.classNameAt(k))) {
        String chars = heap.object(k).toString();
        Long prior = keyChars.putIfAbsent(chars, k);
        if (prior != null) {
          problems.accept(what + ": key \"" + chars + "\" is also at 0x" + Long.toHexString(prior));
        }
      }
      String expect = expectedClass(kc);
      return expect == null || expect.equals(w.classNameAt(k));
    }

    private void typed(String what, long off, int code) {
      String expect = expectedClass(code);
      if (expect != null && !"?".equals(expect)) isA(w, off, expect, what, problems);
    }
  }
}

package org.jnvm.jpdt.collection;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import org.jnvm.core.heap.Heap;
import org.jnvm.core.heap.HeapChecker;
import org.jnvm.core.heap.HeapWalk;
import org.jnvm.core.pmem.Pmem;
import org.jnvm.jpdt.PString;
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
 *   <li>no entry is in two slots, no key object in two entries (of this map or of any other: a key
 *       reference corrupted to land on another map's key makes a key vanish and another appear
 *       twice), and (string keys) no two keys have the same chars: each breaks {@code size()},
 *       {@code get} or iteration silently;
 *   <li>a {@code PString} key's stored hash is its characters' hash: lookups hash the characters
 *       and the rebuilt index files the key under the stored hash, so a wrong one hides the key
 *       from {@code get} while iteration still lists it.
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

  /** Type codes whose stored objects are copies an entry owns (and frees with it). */
  private static final int STRINGS = 3;

  private static final int BYTES = 4;

  private static final String LIST = "org.jnvm.jpdt.collection.PArrayList";

  @Override
  public String name() {
    return "jpdt containers";
  }

  @Override
  public void check(Heap heap, HeapWalk reachable, Consumer<String> problems) {
    maps(heap, reachable, problems, null);
    for (long list : reachable.objectsOf(LIST)) checkList(heap, reachable, problems, list);
  }

  /** Containers stand on the core only: repaired before the layers that keep maps. */
  @Override
  public int layer() {
    return 1;
  }

  /**
   * Drops every map entry that fails a check of step 3 or 4 (its slot set to 0, written back), the
   * first owner of a shared key or value copy keeping it, and lists each with its key. A map's
   * structure (type codes, directory, segments) and lists are not repaired: what remains is
   * reported by the check after the repair.
   */
  @Override
  public void repair(Heap heap, HeapWalk reachable, Consumer<String> fixed, Consumer<String> lost) {
    maps(heap, reachable, p -> {}, lost);
  }

  private static void maps(
      Heap heap, HeapWalk w, Consumer<String> problems, Consumer<String> lost) {
    Map<Long, Owner> keyOwners = new HashMap<>();
    Map<Long, Owner> copyOwners = new HashMap<>();
    Set<Long> dropped = new HashSet<>();
    for (String cls : MAPS) {
      for (long map : w.objectsOf(cls)) {
        new MapCheck(heap, w, problems, map, keyOwners, copyOwners, dropped, lost).run();
      }
    }
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

  /** The first entry that claimed a key object, a value copy or a key's chars. */
  private record Owner(String what, long slotAt, long key) {}

  /** One map's checks. */
  private static final class MapCheck {
    private final Heap heap;
    private final HeapWalk w;
    private final Consumer<String> problems;
    private final String where;
    private final long obj;
    private final Set<Long> entries = new HashSet<>();

    /** Slots a repair has set to 0, in any map (each dropped and listed once). */
    private final Set<Long> dropped;

    /** Every key object seen so far, in any map, with the map and slot that hold it. */
    private final Map<Long, Owner> keys;

    private final Map<String, Owner> keyChars = new HashMap<>();

    /** Every value copy (strings, bytes: owned and freed by its entry) seen so far, in any map. */
    private final Map<Long, Owner> copies;

    /** Where a repair lists what it drops; null when only checking. */
    private final Consumer<String> lost;

    MapCheck(
        Heap heap,
        HeapWalk w,
        Consumer<String> problems,
        long map,
        Map<Long, Owner> keys,
        Map<Long, Owner> copies,
        Set<Long> dropped,
        Consumer<String> lost) {
      this.dropped = dropped;
      this.lost = lost;
      this.keys = keys;
      this.copies = copies;
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
      if (!isA(w, dir, Directory.class.getName(), where + " directory", problems)) return;
      long d = heap.base() + dir;
      boolean ended = false;
      for (int i = 0; i < BlockLayout.length(d); i++) {
        long seg = BlockLayout.ref(d, i);
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
        if (e != 0) entry("slot " + ((long) i * slots + j), BlockLayout.address(s, j), e, kc, vc);
      }
    }

    /**
     * The checks of the entry {@code e} in the slot at address {@code slotAt}; with a repair, a
     * slot whose entry has any problem is set to 0 and its key listed as lost. An entry's key and
     * value copy are claimed (against sharing) only when it passed every other check, so a broken
     * entry cannot make an intact one that shares its key look shared.
     */
    private void entry(String slot, long slotAt, long e, int kc, int vc) {
      String what = where + " " + slot;
      List<String> found = new ArrayList<>();
      long k = 0;
      if (!entries.add(e)) {
        found.add(what + ": entry 0x" + Long.toHexString(e) + " is in two slots");
      } else if (isA(w, e, EntryRecord.class.getName(), what + " entry", found::add)) {
        long rec = heap.base() + e;
        k = EntryLayout.key(rec);
        long v = EntryLayout.value(rec);
        if (k == 0 || v == 0) {
          found.add(what + ": entry 0x" + Long.toHexString(e) + " has a null key or value");
        } else {
          typed(what + " key", k, kc, found);
          typed(what + " value", v, vc, found);
          if (found.isEmpty()) resurrects(what + " key", k, found);
          if (found.isEmpty()) resurrects(what + " value", v, found);
          if (found.isEmpty()) keyHash(what, k, kc, found);
          if (found.isEmpty()) claim(what, slotAt, k, v, kc, vc, found);
        }
      }
      found.forEach(problems);
      if (!found.isEmpty() && lost != null && dropped.add(slotAt)) {
        drop(slotAt, what, k, found.get(0));
      }
    }

    /**
     * The object's proxy is made as a read makes it, with its class's own checks (a string key
     * whose length runs out of its object, say): a read of the map would throw on it.
     */
    private void resurrects(String what, long off, List<String> found) {
      try {
        heap.object(off);
      } catch (RuntimeException e) {
        found.add(what + " at 0x" + Long.toHexString(off) + " is unreadable: " + e.getMessage());
      }
    }

    /** A {@code PString} key's stored hash against its characters. */
    private void keyHash(String what, long k, int kc, List<String> found) {
      if (!PSTRING.equals(expectedClass(kc))) return;
      PString key = (PString) heap.object(k);
      String chars = key.toString();
      if (key.hashCode() != chars.hashCode()) {
        found.add(
            what
                + ": key \""
                + chars
                + "\" at 0x"
                + Long.toHexString(k)
                + " has stored hash 0x"
                + Integer.toHexString(key.hashCode())
                + ", its characters hash to 0x"
                + Integer.toHexString(chars.hashCode()));
      }
    }

    /**
     * Claims the key object, the value copy and the key's chars for this entry, or says whose they
     * are. Which of two claimants is the intact one cannot be told from media, so a repair drops
     * both (the first when the second shows up): neither answers a wrong value afterwards.
     */
    private void claim(
        String what, long slotAt, long k, long v, int kc, int vc, List<String> found) {
      Owner me = new Owner(what, slotAt, k);
      Owner prior = keys.get(k);
      if (prior != null) {
        shared(
            prior,
            what + ": key 0x" + Long.toHexString(k) + " is shared: it is also the key of ",
            found);
        return;
      }
      prior = vc == STRINGS || vc == BYTES ? copies.get(v) : null;
      if (prior != null) {
        shared(
            prior,
            what
                + ": value 0x"
                + Long.toHexString(v)
                + " is a copy its entry owns, but it is also the value of ",
            found);
        return;
      }
      if (PSTRING.equals(expectedClass(kc))) {
        String chars = heap.object(k).toString();
        prior = keyChars.putIfAbsent(chars, me);
        if (prior != null) {
          shared(prior, what + ": key \"" + chars + "\" is also the key of ", found);
          return;
        }
      }
      keys.put(k, me);
      if (vc == STRINGS || vc == BYTES) copies.put(v, me);
    }

    /** A claim that {@code prior} made first: a problem, and with a repair both are dropped. */
    private void shared(Owner prior, String problem, List<String> found) {
      found.add(problem + prior.what());
      if (lost != null && dropped.add(prior.slotAt())) {
        drop(prior.slotAt(), prior.what(), prior.key(), "it shares with " + found.get(0));
      }
    }

    /** Repair: the slot at {@code slotAt} no longer references its entry; the key is listed. */
    private void drop(long slotAt, String what, long k, String why) {
      Pmem.putLong(slotAt, 0);
      Pmem.pwb(slotAt);
      lost.accept(what + ": entry dropped, key " + keyText(k) + " (" + why + ")");
    }

    /** The key as text: its chars for a string, a user key's own {@code toString()}. */
    private String keyText(long k) {
      if (k == 0) return "unknown";
      try {
        return "\"" + heap.object(k) + "\"";
      } catch (RuntimeException e) {
        return "unknown (object 0x" + Long.toHexString(k) + " unreadable)";
      }
    }

    private void typed(String what, long off, int code, List<String> found) {
      String expect = expectedClass(code);
      if (expect != null && !"?".equals(expect)) isA(w, off, expect, what, found::add);
    }
  }
}

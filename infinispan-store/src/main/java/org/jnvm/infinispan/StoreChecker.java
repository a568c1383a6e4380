package org.jnvm.infinispan;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Consumer;
import org.jnvm.core.heap.Heap;
import org.jnvm.core.heap.HeapChecker;
import org.jnvm.core.heap.HeapCorruptException;
import org.jnvm.core.heap.HeapWalk;
import org.jnvm.core.heap.ObjectLayout;
import org.jnvm.core.heap.PObject;
import org.jnvm.core.pmem.Pmem;
import org.jnvm.jpdt.collection.MapRepair;

/**
 * The store's checks for {@code jnvm check}, read-only: for every root {@code
 * jnvm.infinispan.<cache>},
 *
 * <ol>
 *   <li>it is a {@link StoreRoot} with the magic, a supported version, a known mode and a segment
 *       count that fits the object;
 *   <li>every record of every segment is of the mode's class and passes the checks a read makes
 *       (lengths, metadata kind), as {@link SegmentMaps#snapshot} reads it;
 *   <li>each record's expiry follows from its lifespan and max idle (a changed expiry makes the key
 *       vanish as expired);
 *   <li>no record is the record of two keys (a rolled-back or corrupted reference would make two
 *       keys answer one value, and a removal of one free the other's);
 *   <li>no J-NVM value is one of the store's own key objects (a reference corrupted to land on a
 *       key would otherwise be served as the value).
 * </ol>
 */
public final class StoreChecker implements HeapChecker {
  @Override
  public String name() {
    return "infinispan store";
  }

  @Override
  public void check(Heap heap, HeapWalk reachable, Consumer<String> problems) {
    for (String name : heap.roots().names()) {
      if (!name.startsWith(StoreRoot.ROOT_PREFIX)) continue;
      String cache = name.substring(StoreRoot.ROOT_PREFIX.length());
      try {
        StoreRoot root = root(heap, name, cache, problems);
        if (root != null) checkEntries(heap, root, cache, problems, null);
      } catch (RuntimeException e) {
        problems.accept("cache " + cache + ": " + e.getMessage());
      }
    }
  }

  /** The store stands on J-PDT's maps: repaired after them. */
  @Override
  public int layer() {
    return 2;
  }

  /**
   * Drops every entry that fails a check of step 2 or 3 (both keys of a shared record), through
   * {@link MapRepair} (no frees: the next open's sweep reclaims), listing each by cache, segment
   * and key. A store root whose magic alone is wrong, or whose mode alone is out of range while its
   * records say which mode wrote them, is restored; any other bad root is removed and the whole
   * cache listed as lost.
   */
  @Override
  public void repair(Heap heap, HeapWalk reachable, Consumer<String> fixed, Consumer<String> lost) {
    for (String name : heap.roots().names()) {
      if (!name.startsWith(StoreRoot.ROOT_PREFIX)) continue;
      String cache = name.substring(StoreRoot.ROOT_PREFIX.length());
      StoreRoot root = RootRepair.repair(heap, name, cache, fixed, lost);
      if (root == null) continue;
      Map<Integer, Set<Long>> drops = new TreeMap<>();
      checkEntries(
          heap,
          root,
          cache,
          p -> {},
          (seg, key, text, why) -> {
            if (drops.computeIfAbsent(seg, x -> new HashSet<>()).add(key.offset())) {
              lost.accept(
                  "cache "
                      + cache
                      + " segment "
                      + seg
                      + ": key "
                      + text
                      + " dropped ("
                      + why
                      + ")");
            }
          });
      drops.forEach((seg, keys) -> MapRepair.dropEntries(heap, root.map(seg), keys));
    }
  }

  /** Where a repair hears of each entry to drop. */
  interface BadEntry {
    void found(int segment, PObject key, String text, String problem);
  }

  /** The first key seen holding a record. */
  private record Owner(int segment, PObject key, String text) {}

  /** The store root of {@code name} if it checks, else null (its problem reported). */
  static StoreRoot root(Heap heap, String name, String cache, Consumer<String> problems) {
    PObject o = heap.roots().get(name);
    if (!(o instanceof StoreRoot r)) {
      problems.accept("cache " + cache + ": root " + name + " is a " + o + ", not a store root");
      return null;
    }
    long p = r.address() + ObjectLayout.HEADER;
    int magic = Pmem.getInt(p + StoreRoot.MAGIC_OFFSET);
    int mode = Pmem.getInt(p + StoreRoot.MODE_OFFSET);
    int segments = Pmem.getInt(p + StoreRoot.SEGMENTS_OFFSET);
    String bad = rootProblem(r, magic, mode, segments);
    if (bad != null) {
      problems.accept("cache " + cache + ": store root 0x" + Long.toHexString(r.offset()) + bad);
      return null;
    }
    return StoreRoot.openOrCreate(heap, cache, StoreMode.values()[mode], segments);
  }

  private static void checkEntries(
      Heap heap, StoreRoot root, String cache, Consumer<String> problems, BadEntry bad) {
    StoreMode m = root.mode();
    RecordWriter w = m == StoreMode.JPFA ? new FaWriter(heap) : new PdtWriter(heap);
    Map<Long, Owner> owners = new HashMap<>();
    for (int s = 0; s < root.segments(); s++) {
      String where = "cache " + cache + " segment " + s;
      for (Map.Entry<Object, PObject> e : root.map(s).entrySet()) {
        String key = RecordErrors.text(e.getKey());
        List<String> found = new ArrayList<>();
        Owner prior =
            owners.putIfAbsent(e.getValue().offset(), new Owner(s, (PObject) e.getKey(), key));
        if (prior != null) {
          found.add(
              where
                  + " key "
                  + key
                  + ": its record at 0x"
                  + Long.toHexString(e.getValue().offset())
                  + " is also the record of segment "
                  + prior.segment()
                  + " key "
                  + prior.text());
          if (bad != null) bad.found(prior.segment(), prior.key(), prior.text(), found.get(0));
        }
        keyProblem(e.getKey(), where).ifPresent(found::add);
        try {
          EntryData d = w.view(e.getValue()).read();
          valueProblem(d, m, where, key).ifPresent(found::add);
          expiryProblem(d, where, key).ifPresent(found::add);
        } catch (HeapCorruptException | IllegalArgumentException x) {
          found.add("cache " + cache + ": " + RecordErrors.badRecord(root, s, key, x).getMessage());
        }
        found.forEach(problems);
        if (!found.isEmpty() && bad != null) bad.found(s, (PObject) e.getKey(), key, found.get(0));
      }
    }
  }

  /**
   * A string or marshalled key whose stored hash is not its content's hash: lookups hash the
   * content, so the key can be listed but never found (and a second copy of it can be added).
   */
  private static Optional<String> keyProblem(Object k, String where) {
    int stored;
    int actual;
    long offset;
    if (k instanceof StringKey sk) {
      stored = sk.contentHash();
      actual = sk.toString().hashCode();
      offset = sk.offset();
    } else if (k instanceof Blob b) {
      byte[] content = b.toArray();
      stored = b.contentHash();
      actual = Blob.hash(content, 0, content.length);
      offset = b.offset();
    } else {
      return Optional.empty();
    }
    if (stored == actual) return Optional.empty();
    return Optional.of(
        where
            + " key "
            + RecordErrors.text(k)
            + ": stored hash 0x"
            + Integer.toHexString(stored)
            + " is not the hash of its content 0x"
            + Integer.toHexString(actual)
            + " (key object at 0x"
            + Long.toHexString(offset)
            + ")");
  }

  /**
   * An expiry its own metadata cannot produce (Infinispan's rule: none without a lifespan or max
   * idle; {@code created + lifespan} with a lifespan only): such a record reads as expired, so its
   * key silently vanishes. Records with a max idle are not checked (their expiry follows the last
   * use).
   */
  private static Optional<String> expiryProblem(EntryData d, String where, String key) {
    long want;
    if (d.lifespan() < 0 && d.maxIdle() < 0) {
      if (d.expiry() <= 0) return Optional.empty();
      want = -1;
    } else if (d.lifespan() >= 0 && d.maxIdle() < 0) {
      want = d.created() + d.lifespan();
      if (d.expiry() == want) return Optional.empty();
    } else {
      return Optional.empty();
    }
    return Optional.of(
        where
            + " key "
            + key
            + ": expiry "
            + d.expiry()
            + " does not follow from its metadata (lifespan "
            + d.lifespan()
            + ", max idle "
            + d.maxIdle()
            + ", created "
            + d.created()
            + "): expected "
            + want);
  }

  private static Optional<String> valueProblem(EntryData d, StoreMode m, String where, String key) {
    PObject v = d.valueRef();
    if (v instanceof StringKey || (v instanceof Blob && m == StoreMode.JPDT)) {
      return Optional.of(
          where
              + " key "
              + key
              + ": the value is the store's key object "
              + v
              + " at 0x"
              + Long.toHexString(v.offset()));
    }
    return Optional.empty();
  }

  static String rootProblem(StoreRoot r, int magic, int mode, int segments) {
    if (magic != StoreRoot.MAGIC) return ": magic 0x" + Integer.toHexString(magic);
    int v = Pmem.getInt(r.address() + ObjectLayout.HEADER + StoreRoot.VERSION_OFFSET);
    if (v != StoreRoot.VERSION) return ": format version " + v + ", supported " + StoreRoot.VERSION;
    if (mode < 0 || mode >= StoreMode.values().length) return ": mode " + mode;
    if (segments < 1 || StoreRoot.MAPS_OFFSET + 8L * segments > r.payloadSize()) {
      return ": segment count " + segments + " does not fit its " + r.payloadSize() + " bytes";
    }
    return null;
  }
}

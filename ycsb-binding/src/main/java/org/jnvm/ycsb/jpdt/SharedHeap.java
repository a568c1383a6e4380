package org.jnvm.ycsb.jpdt;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.ConcurrentNavigableMap;
import org.jnvm.core.heap.Heap;
import org.jnvm.core.heap.PObject;
import org.jnvm.jpdt.PTypes;
import org.jnvm.jpdt.collection.PConcurrentHashMap;
import org.jnvm.jpdt.collection.PSkipListMap;

/**
 * One J-NVM heap and table map per file in a JVM, shared by the client threads and closed when the
 * last one releases it. The map is a root of the heap: a later JVM (YCSB's {@code -t} after {@code
 * -load}) reopens the heap, recovers it and finds the records.
 */
final class SharedHeap {
  final String key;
  final Heap heap;
  final ConcurrentMap<String, PRecord> map;
  final ConcurrentNavigableMap<String, PRecord> ordered;
  final Path file;
  final boolean deleteOnClose;
  int refs;

  private static final Map<String, SharedHeap> OPEN = new HashMap<>();

  private SharedHeap(
      String key,
      Heap heap,
      ConcurrentMap<String, PRecord> map,
      ConcurrentNavigableMap<String, PRecord> ordered,
      boolean deleteOnClose) {
    this.key = key;
    this.heap = heap;
    this.map = map;
    this.ordered = ordered;
    this.file = heap.file();
    this.deleteOnClose = deleteOnClose;
  }

  /**
   * The heap at {@code file} (created with {@code size} bytes if missing) and its table map. In the
   * run phase ({@code mustExist}) neither the heap nor the map is created: a missing one is an
   * error, as is a table loaded as the other kind of map.
   */
  static synchronized SharedHeap acquire(
      Path file,
      long size,
      String table,
      boolean orderedMap,
      boolean deleteOnClose,
      boolean mustExist) {
    String key = file.toAbsolutePath() + "|" + table + "|" + orderedMap;
    SharedHeap s = OPEN.get(key);
    if (s == null) {
      s = open(key, file, size, table, orderedMap, deleteOnClose, mustExist);
      OPEN.put(key, s);
    }
    s.refs++;
    return s;
  }

  static synchronized void release(SharedHeap s) {
    if (--s.refs > 0) return;
    OPEN.remove(s.key);
    s.heap.close();
    if (s.deleteOnClose) {
      try {
        Files.deleteIfExists(s.file);
      } catch (IOException e) {
        throw new UncheckedIOException("cannot delete the heap: file=" + s.file, e);
      }
    }
  }

  private static SharedHeap open(
      String key,
      Path file,
      long size,
      String table,
      boolean ordered,
      boolean delete,
      boolean mustExist) {
    // Catalogue the record class before recovery or a read resurrects a record.
    Objects.requireNonNull(PRecord.TYPE);
    try {
      Files.createDirectories(file.toAbsolutePath().getParent());
    } catch (IOException e) {
      throw new UncheckedIOException("cannot create the heap directory: file=" + file, e);
    }
    Heap heap = Heap.openOrCreate(file, size);
    try {
      String root = rootName(ordered, table);
      requireKind(heap, table, ordered, mustExist);
      if (ordered) {
        PSkipListMap<String, PRecord> m = orderedRoot(heap, root);
        return new SharedHeap(key, heap, m, m, delete);
      }
      return new SharedHeap(key, heap, hashRoot(heap, root), null, delete);
    } catch (RuntimeException e) {
      heap.close();
      throw e;
    }
  }

  private static String rootName(boolean ordered, String table) {
    return "ycsb-" + (ordered ? "ordered-" : "hash-") + table;
  }

  /**
   * Refuses a table loaded as the other kind of map (a second, empty root would answer NOT_FOUND),
   * and, in the run phase, a table never loaded.
   */
  private static void requireKind(Heap heap, String table, boolean ordered, boolean mustExist) {
    if (heap.roots().exists(rootName(ordered, table))) return;
    if (heap.roots().exists(rootName(!ordered, table))) {
      throw new IllegalStateException(
          "the heap "
              + heap.file()
              + " holds table "
              + table
              + " as "
              + (ordered ? "a hash" : "an ordered")
              + " map, not as "
              + (ordered ? "an ordered" : "a hash")
              + " one: run with "
              + JpdtMapDB.MAP_PROPERTY
              + "="
              + (ordered ? "hash" : "ordered"));
    }
    if (mustExist) {
      throw new IllegalStateException(
          "the heap " + heap.file() + " holds no table " + table + ": run -load first");
    }
  }

  private static PConcurrentHashMap<String, PRecord> hashRoot(Heap heap, String root) {
    PObject o = heap.roots().get(root);
    if (o == null) {
      var m = new PConcurrentHashMap<>(heap, PTypes.strings(), PTypes.<PRecord>objects());
      heap.roots().put(root, m);
      return m;
    }
    return ((PConcurrentHashMap<?, ?>) o).typed(PTypes.strings(), PTypes.<PRecord>objects());
  }

  private static PSkipListMap<String, PRecord> orderedRoot(Heap heap, String root) {
    PObject o = heap.roots().get(root);
    if (o == null) {
      var m = new PSkipListMap<>(heap, PTypes.strings(), PTypes.<PRecord>objects());
      heap.roots().put(root, m);
      return m;
    }
    return ((PSkipListMap<?, ?>) o).typed(PTypes.strings(), PTypes.<PRecord>objects());
  }
}

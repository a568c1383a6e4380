package org.jnvm.core.heap;

import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.Collections;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.jnvm.core.JnvmException;
import org.jnvm.core.pmem.Pmem;

/**
 * Named entry points into a heap. Every object that must survive a restart is reachable from a
 * root; everything else is reclaimed by recovery. Each mutating call is durable when it returns.
 * Calls are serialized on this object.
 *
 * <p>The value given to {@link #put} is written back by put itself; objects it references must
 * already be durable.
 */
public final class Roots {
  private final Heap heap;
  private final Map<String, Long> entries = new HashMap<>();
  private final Deque<Long> freeEntries = new ArrayDeque<>();
  private long lastSegment;

  Roots(Heap heap, MediaView view, long firstOffset) {
    this.heap = heap;
    long seg = firstOffset;
    Set<Long> seen = new HashSet<>();
    while (seg != 0) {
      ClassRegistry.requireSegment(view, seg, Builtins.ROOT_SEGMENT, "root segment", seen);
      lastSegment = view.base + seg;
      load(view, lastSegment);
      seg = RootSegmentLayout.next(lastSegment);
    }
  }

  private void load(MediaView view, long seg) {
    for (int i = 0; i < RootSegmentLayout.ENTRIES; i++) {
      long e = RootSegmentLayout.entry(seg, i);
      long name = RootSegmentLayout.name(e);
      if (name == 0) {
        freeEntries.add(e);
        continue;
      }
      String p = view.objectProblem(name);
      if (p == null && ObjectLayout.classId(view.base + name) != Builtins.BYTES) p = "not bytes";
      if (p != null)
        throw new HeapCorruptException(
            "bad root name at 0x" + Long.toHexString(name) + ": " + p + " file=" + heap.file());
      entries.putIfAbsent(decode(view.base + name), e);
    }
  }

  public synchronized boolean exists(String name) {
    return entries.containsKey(name);
  }

  /** The object named {@code name}, or null. */
  public synchronized <T extends PObject> T get(String name) {
    Long e = entries.get(name);
    return e == null ? null : heap.object(RootSegmentLayout.value(e));
  }

  /**
   * The file offset of the object named {@code name}, or 0, without creating a proxy: for {@link
   * RecoveryParticipant}s, which run before the allocator exists and so cannot resurrect objects.
   * The offset comes from media; check it before following it.
   */
  public synchronized long offsetOf(String name) {
    Long e = entries.get(name);
    return e == null ? 0 : RootSegmentLayout.value(e);
  }

  /** The names of all roots, sorted. */
  public synchronized Set<String> names() {
    return Collections.unmodifiableSet(new TreeSet<>(entries.keySet()));
  }

  /**
   * Binds {@code name} to {@code value}, durably.
   *
   * <ol>
   *   <li>Write back the value object (and, for a new name, the name bytes and the value slot of a
   *       free entry, which stays dead while its name is zero); fence.
   *   <li>Store the value (existing name) or the name (new name): that single 8-byte store is the
   *       publication. Write back and fence.
   * </ol>
   */
  public synchronized void put(String name, PObject value) {
    requireWritable();
    if (value == null) throw new IllegalArgumentException("root value must not be null: " + name);
    if (value.heap() != heap) {
      throw new IllegalArgumentException(
          "root value belongs to another heap: " + value.heap().file());
    }
    value.pwbObject();
    bind(name, value.offset());
  }

  /**
   * {@link #put} for an object without a proxy (the heap's own, such as a migration's log), whose
   * contents the caller has already written back.
   */
  synchronized void putRaw(String name, long offset) {
    requireWritable();
    bind(name, offset);
  }

  private void bind(String name, long offset) {
    Long e = entries.get(name);
    if (e != null) {
      Pmem.pfence();
      publish(e + RootSegmentLayout.VALUE, offset);
      return;
    }
    long entry = freeEntry();
    long nameObj = nameObject(name);
    Pmem.putLong(entry + RootSegmentLayout.VALUE, offset);
    Pmem.pwb(entry);
    Pmem.pfence();
    publish(entry + RootSegmentLayout.NAME, nameObj - heap.base());
    entries.put(name, entry);
  }

  /** Removes {@code name}; returns false if it was not bound. The value is not freed. */
  public synchronized boolean remove(String name) {
    requireWritable();
    Long e = entries.remove(name);
    if (e == null) return false;
    long nameObj = heap.base() + RootSegmentLayout.name(e);
    Pmem.putLong(e + RootSegmentLayout.NAME, 0); // dead from here; the value is ignored
    Pmem.putLong(e + RootSegmentLayout.VALUE, 0);
    Pmem.pwb(e);
    Pmem.psync();
    freeEntries.push(e);
    heap.freeRaw(nameObj);
    return true;
  }

  private static void publish(long at, long v) {
    Pmem.putLong(at, v);
    Pmem.pwb(at);
    Pmem.psync();
  }

  private long nameObject(String name) {
    byte[] b = name.getBytes(StandardCharsets.UTF_8);
    long obj = heap.reserveRaw(Builtins.BYTES, b.length);
    Pmem.write(b, 0, obj + ObjectLayout.HEADER, b.length);
    Pmem.pwb(obj, ObjectLayout.HEADER + (long) b.length);
    return obj;
  }

  /** A dead entry; grows the chain (durably linked) when there is none. */
  private long freeEntry() {
    if (freeEntries.isEmpty()) {
      long seg = heap.reserveRaw(Builtins.ROOT_SEGMENT, RootSegmentLayout.PAYLOAD);
      Pmem.pwb(seg, ObjectLayout.HEADER + RootSegmentLayout.PAYLOAD);
      Pmem.pfence();
      publish(RootSegmentLayout.nextAddress(lastSegment), seg - heap.base());
      lastSegment = seg;
      for (int i = 0; i < RootSegmentLayout.ENTRIES; i++) {
        freeEntries.add(RootSegmentLayout.entry(seg, i));
      }
    }
    return freeEntries.pop();
  }

  static String decode(long nameObj) {
    byte[] b = new byte[ObjectLayout.size(nameObj)];
    Pmem.read(nameObj + ObjectLayout.HEADER, b, 0, b.length);
    return new String(b, StandardCharsets.UTF_8);
  }

  private void requireWritable() {
    if (heap.readOnly()) {
      throw new JnvmException(
          "cannot change roots of a heap opened read-only: file=" + heap.file());
    }
  }
}

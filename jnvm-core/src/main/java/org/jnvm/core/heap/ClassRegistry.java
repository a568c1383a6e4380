package org.jnvm.core.heap;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.jnvm.core.JnvmException;
import org.jnvm.core.pmem.Pmem;

/**
 * One heap's class ids. Persisted as a chain of registry segments (see {@link
 * RegistrySegmentLayout}); each id keeps the class name, its layout and fingerprint, so that a
 * changed layout is reported at first use instead of misread.
 *
 * <p>Hot paths are plain array reads: {@link #idOf} by the descriptor's JVM-local index, and {@link
 * #classOf} by id. Binding and registering are synchronized and rare.
 */
final class ClassRegistry {
  private final Heap heap;
  private final long firstSegment;
  private volatile ClassInfo[] infos;
  private volatile PersistentClass<?>[] bound;
  private volatile int[] idByLocal = new int[64];
  private final List<Long> segments;
  private long lastSegment;
  private int userCount;

  private ClassRegistry(
      Heap heap, long firstSegment, ClassInfo[] infos, List<Long> segments, int count) {
    this.heap = heap;
    this.firstSegment = firstSegment;
    this.infos = infos;
    this.bound = new PersistentClass<?>[infos.length];
    this.segments = segments;
    this.lastSegment = segments.get(segments.size() - 1);
    this.userCount = count;
  }

  /** Reads the registry from media, checking every segment and entry. */
  static ClassRegistry load(Heap heap, MediaView view, long firstOffset) {
    List<ClassInfo> found = new ArrayList<>(Arrays.asList(Builtins.table()));
    long seg = firstOffset;
    List<Long> segments = new ArrayList<>();
    int index = 0;
    Set<Long> seen = new HashSet<>();
    while (seg != 0) {
      requireSegment(view, seg, Builtins.REGISTRY_SEGMENT, "registry segment", seen);
      long last = view.base + seg;
      segments.add(last);
      for (int i = 0; i < RegistrySegmentLayout.ENTRIES; i++, index++) {
        long e = RegistrySegmentLayout.entry(last, i);
        found.add(e == 0 ? null : readEntry(view, e, PersistentClass.FIRST_USER_ID + index));
      }
      seg = RegistrySegmentLayout.next(last);
    }
    int count = found.size() - PersistentClass.FIRST_USER_ID;
    while (count > 0 && found.get(found.size() - 1) == null) {
      found.remove(found.size() - 1);
      count--;
    }
    return new ClassRegistry(
        heap, view.base + firstOffset, found.toArray(new ClassInfo[0]), segments, count);
  }

  private static ClassInfo readEntry(MediaView view, long entry, int id) {
    requireObject(view, entry, Builtins.CLASS_ENTRY, "class entry " + id);
    return ClassEntryLayout.read(view.base + entry, id);
  }

  /**
   * {@link #requireObject} for one link of a chain whose links so far are {@code seen}: a link
   * reached twice is a cycle, reported at its first repeat (a hop bound would walk the cycle up to
   * the heap's granule count, a million hops for 64 MiB, and a caller that collects each link's
   * entries would fill the Java heap on the way).
   */
  static void requireSegment(MediaView view, long off, int classId, String what, Set<Long> seen) {
    if (!seen.add(off)) {
      throw new HeapCorruptException(
          "cycle in the "
              + what
              + " chain: 0x"
              + Long.toHexString(off)
              + " reached again after "
              + seen.size()
              + " link(s)");
    }
    requireObject(view, off, classId, what);
  }

  static void requireObject(MediaView view, long off, int classId, String what) {
    String p = view.objectProblem(off);
    if (p == null && ObjectLayout.classId(view.base + off) != classId) p = "wrong class";
    if (p != null) {
      throw new HeapCorruptException("bad " + what + " at 0x" + Long.toHexString(off) + ": " + p);
    }
  }

  ClassInfo[] infos() {
    return infos;
  }

  /**
   * The class id of {@code type} in this heap, registering it durably on first use (and migrating
   * the objects of its earlier versions, see {@link #bindSlow}).
   */
  int idOf(PersistentClass<?> type) {
    int[] ids = idByLocal;
    int i = type.localIndex();
    if (i < ids.length && ids[i] != 0 && bound[ids[i]] == type) return ids[i];
    return bindSlow(type);
  }

  /**
   * The descriptor for the object at {@code address} whose header holds {@code id}, loading the
   * proxy class by name if needed (and migrating the class's stored objects if it changed).
   */
  PersistentClass<?> classOf(int id, long address) {
    PersistentClass<?>[] b = bound;
    if (id > 0 && id < b.length && b[id] != null) return b[id];
    return loadSlow(id, address);
  }

  /**
   * Binds {@code type} to its id in this heap: a new entry for a class the heap never stored; the
   * latest stored version when it is this class (after giving a format 2.0 entry its shape); else a
   * new version, after migrating every object of the earlier ones ({@link Migration}), which
   * refuses before writing anything if a field cannot follow. Earlier versions left with objects (a
   * migration interrupted by a crash) are migrated too.
   */
  private synchronized int bindSlow(PersistentClass<?> type) {
    return bind(evolve(type, new long[1], Runtime.getRuntime().availableProcessors()), type);
  }

  /**
   * {@link Heap#migrate}: binds {@code type}, migrating with up to {@code threads} threads, and
   * returns how many objects were converted.
   */
  synchronized long migrate(PersistentClass<?> type, int threads) {
    long[] converted = new long[1];
    bind(evolve(type, converted, threads), type);
    return converted[0];
  }

  /** The id {@code type} binds to, migrating (see {@link #bindSlow}); counts into {@code n[0]}. */
  private int evolve(PersistentClass<?> type, long[] n, int threads) {
    List<ClassInfo> versions = versionsOf(type);
    if (versions.isEmpty()) return append(type, 1);
    ClassInfo latest = versions.get(versions.size() - 1);
    boolean exact = sameClass(latest, type);
    if (!exact && type.shape() == null) throw mismatch(latest, type);
    if (exact) {
      addShape(latest.id(), type);
      versions.remove(versions.size() - 1);
      if (versions.isEmpty() || heap.readOnly()) return latest.id();
    }
    requireWritable();
    Migration m = Migration.plan(heap, type, versions, threads);
    m.refuseIfProblems(heap.file());
    int id = exact ? latest.id() : append(type, nextVersion(latest));
    n[0] = m.convert(infos[id], threads);
    unbind(versions);
    return id;
  }

  /** Forgets the proxies of versions migrated away: none of their objects is left. */
  private void unbind(List<ClassInfo> versions) {
    PersistentClass<?>[] b = bound.clone();
    for (ClassInfo v : versions) {
      if (v.id() < b.length) b[v.id()] = null;
    }
    bound = b;
  }

  /** True if {@code info} is the stored entry of {@code type} as it is now. */
  private static boolean sameClass(ClassInfo info, PersistentClass<?> type) {
    return info.fingerprint() == type.fingerprint()
        && ClassLayoutCheck.sameLayout(info, type)
        && (info.shape() == null || type.shape() == null || info.shape().sameFields(type.shape()));
  }

  private static int nextVersion(ClassInfo latest) {
    return latest.shape() == null ? 2 : latest.shape().version() + 1;
  }

  /** The stored entries of {@code type}, under its name or a former one, oldest first. */
  private List<ClassInfo> versionsOf(PersistentClass<?> type) {
    List<ClassInfo> out = new ArrayList<>();
    for (int id = PersistentClass.FIRST_USER_ID; id < infos.length; id++) {
      ClassInfo c = infos[id];
      if (c == null) continue;
      if (c.name().equals(type.name()) || type.formerNames().contains(c.name())) out.add(c);
    }
    return out;
  }

  private synchronized PersistentClass<?> loadSlow(int id, long address) {
    ClassInfo info = id > 0 && id < infos.length ? infos[id] : null;
    if (info == null || id < PersistentClass.FIRST_USER_ID) {
      throw new HeapCorruptException("object of unknown class id " + id + " file=" + heap.file());
    }
    PersistentClass<?> type = PersistentClass.forName(info.name());
    if (type == null) type = loadJavaClass(info);
    if (id < bound.length && bound[id] != null) return bound[id];
    int now = bindSlow(type);
    if (now == id || ObjectLayout.classId(address) == now) return type;
    throw new HeapCorruptException(
        "object at 0x"
            + Long.toHexString(address - heap.base())
            + " still has "
            + (info.shape() == null ? "an earlier shape" : "shape v" + info.shape().version())
            + " of "
            + info.name()
            + " (id "
            + id
            + ") after its class was migrated to id "
            + now
            + ": it was freed or allocated by another thread while the migration ran;"
            + " run bin/jnvm migrate on the heap file="
            + heap.file());
  }

  /**
   * Gives a format 2.0 entry (no shape table) the shape of the class it was just matched with (same
   * fingerprint, same layout: the same class), so that a later version of the class can be matched
   * field by field. Nothing is written in a read-only heap or for a class without a shape.
   */
  private void addShape(int id, PersistentClass<?> type) {
    if (infos[id].shape() != null || type.shape() == null || heap.readOnly()) return;
    replace(id, type.info(id, 1));
  }

  /**
   * Replaces the entry of {@code id} durably: the new entry is written back and fenced before one
   * 8-byte store swaps it into the segment's slot, so a crash leaves either entry. The old entry is
   * then unreachable; it is freed once the swap is durable.
   */
  void replace(int id, ClassInfo info) {
    long entry = writeEntry(info);
    Pmem.pfence();
    int index = id - PersistentClass.FIRST_USER_ID;
    long at =
        RegistrySegmentLayout.entryAddress(
            segments.get(index / RegistrySegmentLayout.ENTRIES),
            index % RegistrySegmentLayout.ENTRIES);
    long old = heap.base() + Pmem.getLong(at);
    Pmem.putLong(at, entry - heap.base());
    Pmem.pwb(at);
    Pmem.psync();
    heap.freeRaw(old);
    ClassInfo[] next = infos.clone();
    next[id] = info;
    infos = next;
  }

  /** A new entry object holding {@code info}, written back (not fenced). */
  private long writeEntry(ClassInfo info) {
    byte[] name = info.name().getBytes(StandardCharsets.UTF_8);
    byte[] table = info.shape() == null ? new byte[0] : ShapeTableLayout.encode(info.shape());
    long entry =
        heap.reserveRaw(
            Builtins.CLASS_ENTRY,
            ClassEntryLayout.payloadSize(info.refOffsets().length, name.length, table.length));
    ClassEntryLayout.write(entry, info, name, table);
    Pmem.pwb(entry, ObjectLayout.HEADER + (long) ObjectLayout.size(entry));
    return entry;
  }

  /**
   * Loads the class of {@code info} by its stored name or, when no class has that name any more, by
   * the class that lists it in its {@code @FormerNames} ({@link FormerNameIndex}).
   */
  private PersistentClass<?> loadJavaClass(ClassInfo info) {
    ClassLoader l = Thread.currentThread().getContextClassLoader();
    if (l == null) l = ClassRegistry.class.getClassLoader();
    String name = info.name();
    try {
      Class.forName(name, true, l);
    } catch (ClassNotFoundException e) {
      String now = FormerNameIndex.currentName(l, name);
      if (now == null) throw noClass(info, "", e);
      try {
        Class.forName(now, true, l);
      } catch (ClassNotFoundException e2) {
        throw noClass(info, " (nor " + now + ", which " + FormerNameIndex.RESOURCE + " names)", e2);
      }
      name = now;
    }
    PersistentClass<?> type = PersistentClass.forName(name);
    if (type == null) {
      throw new org.jnvm.core.NotTransformedException(
          "class "
              + name
              + " declares no PersistentClass descriptor"
              + " (id="
              + info.id()
              + ") file="
              + heap.file());
    }
    if (!name.equals(info.name()) && !type.formerNames().contains(info.name())) {
      throw new JnvmException(
          FormerNameIndex.RESOURCE
              + " names "
              + name
              + " as the class once named "
              + info.name()
              + ", but its descriptor lists former names "
              + type.formerNames()
              + " (id="
              + info.id()
              + ") file="
              + heap.file());
    }
    return type;
  }

  private JnvmException noClass(ClassInfo info, String also, ClassNotFoundException cause) {
    return new JnvmException(
        "no proxy class on the class path for persistent class "
            + info.name()
            + also
            + " (id="
            + info.id()
            + ") file="
            + heap.file()
            + "; a class renamed with @FormerNames is found by its earlier name through "
            + FormerNameIndex.RESOURCE
            + ", which the Maven goal writes and the agent reads from the class path",
        cause);
  }

  private int bind(int id, PersistentClass<?> type) {
    PersistentClass<?>[] b = bound.length > id ? bound.clone() : Arrays.copyOf(bound, id + 1);
    b[id] = type;
    bound = b;
    int i = type.localIndex();
    int[] ids = idByLocal.length > i ? idByLocal.clone() : Arrays.copyOf(idByLocal, 2 * i + 1);
    ids[i] = id;
    idByLocal = ids;
    return id;
  }

  /**
   * Registers a new class durably.
   *
   * <ol>
   *   <li>Write the entry object and write it back; make room in the chain if needed.
   *   <li>Fence, so the entry is durable before anything points at it.
   *   <li>Store its reference in the segment, write back, fence: the id is durable.
   * </ol>
   */
  private int append(PersistentClass<?> type, int version) {
    requireWritable();
    int id = PersistentClass.FIRST_USER_ID + userCount;
    ClassInfo info = type.info(id, version);
    long entry = writeEntry(info);
    int slot = userCount % RegistrySegmentLayout.ENTRIES;
    if (slot == 0 && userCount > 0) lastSegment = growChain();
    Pmem.pfence();
    long at = RegistrySegmentLayout.entryAddress(lastSegment, slot);
    Pmem.putLong(at, entry - heap.base());
    Pmem.pwb(at);
    Pmem.psync();
    userCount++;
    ClassInfo[] grown = Arrays.copyOf(infos, Math.max(infos.length, id + 1));
    grown[id] = info;
    infos = grown;
    return id;
  }

  private long growChain() {
    long seg = heap.reserveRaw(Builtins.REGISTRY_SEGMENT, RegistrySegmentLayout.PAYLOAD);
    Pmem.pwb(seg, ObjectLayout.HEADER + RegistrySegmentLayout.PAYLOAD);
    Pmem.pfence();
    Pmem.putLong(RegistrySegmentLayout.nextAddress(lastSegment), seg - heap.base());
    Pmem.pwb(RegistrySegmentLayout.nextAddress(lastSegment));
    segments.add(seg);
    return seg;
  }

  private void requireWritable() {
    if (heap.readOnly()) {
      throw new JnvmException(
          "cannot register a class in a heap opened read-only: file=" + heap.file());
    }
  }

  private LayoutMismatchException mismatch(ClassInfo stored, PersistentClass<?> current) {
    return new LayoutMismatchException(
        "persistent class layout changed: class="
            + stored.name()
            + " id="
            + stored.id()
            + " heap fingerprint="
            + Long.toHexString(stored.fingerprint())
            + " current fingerprint="
            + Long.toHexString(current.fingerprint())
            + " heap refs="
            + Arrays.toString(stored.refOffsets())
            + " class refs="
            + Arrays.toString(current.refOffsets())
            + " file="
            + heap.file());
  }

  long firstSegment() {
    return firstSegment;
  }
}

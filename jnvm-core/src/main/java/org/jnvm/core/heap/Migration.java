package org.jnvm.core.heap;

import java.util.ArrayList;
import java.util.List;
import org.jnvm.core.pmem.Pmem;

/**
 * Brings every allocated object of the stored versions of a class to the class's current shape,
 * eagerly, in place (docs/evolution.md says why not lazily, and why not by relocation).
 *
 * <ol>
 *   <li>{@link #plan} reads only: it finds the objects of each stored version by the allocator's
 *       walk of allocated slots ({@link ClassScan}, in parallel), matches each version's shape with
 *       the class ({@link ShapeMatch}) and checks that each object's new size fits its slot. {@link
 *       #refuseIfProblems} then throws, naming every field that cannot be converted, before
 *       anything is written.
 *   <li>{@link #convert} cuts the objects into one contiguous share per worker; each worker
 *       rewrites its share in batches through a {@link ConversionLog} of its own ({@link
 *       MigrationWorker}): each object is, after any crash, wholly in its stored shape (with its
 *       stored class id) or wholly in the new one (with the new id), and running the migration
 *       again finishes the work. Shares are disjoint, so the logs never name one object twice.
 * </ol>
 *
 * Workers run on threads of their own, except under a backend that tracks stores (the crash
 * simulator explores one thread's write-backs and fences): there two workers take turns on the
 * calling thread, batch by batch, so that crash images hold two armed logs at once.
 */
final class Migration {
  /** Below this many objects per worker, one more thread costs more than it saves. */
  static final int MIN_SHARE = 8192;

  record Source(ClassInfo info, ShapeMatch match) {}

  private final Heap heap;
  private final PersistentClass<?> type;
  private final ShapeConversion user;
  private final Source[] byId;
  private final List<String> problems = new ArrayList<>();
  private ClassScan found;

  private Migration(Heap heap, PersistentClass<?> type, int ids) {
    this.heap = heap;
    this.type = type;
    this.user = ShapeConversion.of(type.name());
    this.byId = new Source[ids];
  }

  /** Step 1: what the migration of {@code versions} to {@code type} would do. Reads only. */
  static Migration plan(Heap heap, PersistentClass<?> type, List<ClassInfo> versions, int threads) {
    int ids = 0;
    for (ClassInfo v : versions) ids = Math.max(ids, v.id() + 1);
    Migration m = new Migration(heap, type, ids);
    boolean[] wanted = new boolean[ids];
    for (ClassInfo v : versions) wanted[v.id()] = true;
    m.found = ClassScan.of(heap, wanted, threads);
    for (ClassInfo v : versions) m.add(v);
    return m;
  }

  private void add(ClassInfo v) {
    long objects = found.perId[v.id()];
    if (objects == 0) return;
    String where = " [" + label(v) + ", " + objects + " objects]";
    if (v.shape() == null) {
      problems.add(
          "no field table for "
              + label(v)
              + ": its class declared none (a hand-written layout), or format 2.0 registered it"
              + " and kept only a fingerprint; open the heap once with the class version that"
              + " wrote it (J-NVM 2.1 then records its fields), then with this one"
              + where);
      return;
    }
    ShapeMatch match = ShapeMatch.of(v.shape(), type.shape(), type.formerFieldNames(), loader());
    if (user == null) {
      for (String p : match.problems) problems.add(p + where);
    }
    checkSlots(v, where);
    byId[v.id()] = new Source(v, match);
  }

  /** Objects grow in place: each new size must fit the slot its object already has. */
  private void checkSlots(ClassInfo v, String where) {
    long need = ObjectLayout.HEADER + (long) type.fixedSize();
    long smallest = found.minSlot[v.id()];
    if (smallest >= need) return;
    long[] tooSmall = {0};
    Allocator a = heap.allocator();
    for (LongStack part : found.parts) {
      part.forEach(
          o -> {
            if (ObjectLayout.classId(heap.base() + o) == v.id() && a.capacity(o) < need) {
              tooSmall[0]++;
            }
          });
    }
    problems.add(
        tooSmall[0]
            + " objects of "
            + label(v)
            + " sit in slots of "
            + smallest
            + " bytes, and the class now needs "
            + need
            + ": growing an object beyond its slot (relocating it) is not supported yet; keep"
            + " the payload within "
            + (smallest - ObjectLayout.HEADER)
            + " bytes"
            + where);
  }

  private ClassLoader loader() {
    ClassLoader l = type.factory().getClass().getClassLoader();
    return l != null ? l : ClassLoader.getSystemClassLoader();
  }

  private static String label(ClassInfo v) {
    String version = v.shape() == null ? "" : " v" + v.shape().version();
    return "stored shape" + version + " of " + v.name() + " (id " + v.id() + ")";
  }

  /** Throws, naming every problem found by {@link #plan}, if there is any. */
  void refuseIfProblems(java.nio.file.Path file) {
    if (problems.isEmpty()) return;
    StringBuilder s =
        new StringBuilder("persistent class ")
            .append(type.name())
            .append(" cannot open the objects this heap stores in an earlier shape; nothing was")
            .append(" written (file=")
            .append(file)
            .append("):\n");
    for (String p : problems) s.append("  ").append(p).append('\n');
    s.append("To open it: give those fields back their stored types, or register a")
        .append(" ShapeConversion for ")
        .append(type.name())
        .append(" that reads the stored fields by name and sets the new ones")
        .append(" (docs/evolution.md).");
    throw new ShapeMismatchException(s.toString(), problems);
  }

  /** Objects the migration converts. */
  long objects() {
    return found.size();
  }

  /**
   * Step 2: converts every planned object to class id {@code target} with up to {@code threads}
   * workers. Returns how many objects it converted.
   */
  long convert(ClassInfo target, int threads) {
    long n = objects();
    if (n == 0) return 0;
    boolean interleave = Pmem.backend().tracksStores();
    int w = interleave ? (n > 1 ? 2 : 1) : (int) Math.max(1, Math.min(threads, n / MIN_SHARE));
    MigrationWorker[] ws = new MigrationWorker[w];
    for (int i = 0; i < w; i++) {
      Share share = new Share(found.parts, n * i / w, n * (i + 1) / w);
      Converter c = new Converter(target, user, byId, type.name(), type.defaults());
      ws[i] = new MigrationWorker(heap, ConversionLog.open(heap, i), c, share, type.name());
    }
    if (interleave) MigrationWorker.interleaved(ws);
    else MigrationWorker.parallel(ws);
    for (MigrationWorker wk : ws) wk.close();
    return n;
  }

  /** Worker {@code i}'s objects: items {@code [from, to)} of the parts laid end to end. */
  static final class Share {
    private final LongStack[] parts;
    private int part;
    private int index;
    private long left;

    Share(LongStack[] parts, long from, long to) {
      this.parts = parts;
      this.left = to - from;
      while (part < parts.length && from >= parts[part].size()) from -= parts[part++].size();
      this.index = (int) from;
    }

    boolean hasNext() {
      return left > 0;
    }

    /** The next object's file offset, without taking it. */
    long peek() {
      while (index == parts[part].size()) {
        part++;
        index = 0;
      }
      return parts[part].get(index);
    }

    void advance() {
      index++;
      left--;
    }
  }

  /** Writes one object's new payload from its old image, then its header. Stateless per object. */
  static final class Converter {
    private final ClassInfo target;
    private final ShapeConversion user;
    private final Source[] byId;
    private final String name;
    private final FieldDefaults defaults;

    Converter(
        ClassInfo target,
        ShapeConversion user,
        Source[] byId,
        String name,
        FieldDefaults defaults) {
      this.target = target;
      this.user = user;
      this.byId = byId;
      this.name = name;
      this.defaults = defaults;
    }

    /**
     * Every step reads the image, never the object: the object's bytes are overwritten as the new
     * payload is written, and its header (class id and size, one 8-byte store) comes last. The
     * image's class id says which stored shape it is in. An added field is zero unless the class
     * declares a default for it; a user conversion runs last and may set any field.
     */
    void convert(long obj, long image) {
      Source from = source(ObjectLayout.classId(image));
      long p = obj + ObjectLayout.HEADER;
      long old = image + ObjectLayout.HEADER;
      int size = target.fixedSize();
      Pmem.fill(p, size, (byte) 0);
      for (ShapeMatch.Step s : from.match().steps) {
        if (s.from() == null) {
          defaults.store(s.to(), p + s.to().offset()); // an added field: its default, if any
          continue;
        }
        long src = old + s.from().offset();
        long dst = p + s.to().offset();
        if (s.widens()) Widening.convert(s.from().descriptor(), s.to().descriptor(), src, dst);
        else Pmem.copy(src, dst, s.to().size());
      }
      if (user != null) {
        user.convert(new Fields(old, from.info().shape()), new Fields(p, target.shape()));
      }
      ObjectLayout.header(obj, target.id(), size);
      Pmem.pwb(obj, ObjectLayout.HEADER + (long) size);
    }

    private Source source(int id) {
      Source s = id > 0 && id < byId.length ? byId[id] : null;
      if (s == null) {
        throw new IllegalStateException(
            "the object's class id "
                + id
                + " is no longer a stored version of "
                + name
                + ": it was freed or changed by another thread while the migration ran");
      }
      return s;
    }
  }
}

package org.jnvm.core.heap;

import java.util.ArrayList;
import java.util.List;
import org.jnvm.core.JnvmException;
import org.jnvm.core.pmem.Pmem;

/**
 * Brings every reachable object of the stored versions of a class to the class's current shape,
 * eagerly, in place (docs/evolution.md says why not lazily, and why not by relocation).
 *
 * <ol>
 *   <li>{@link #plan} reads only: it marks the heap, collects the objects of each stored version,
 *       matches each version's shape with the class ({@link ShapeMatch}) and checks that each
 *       object's new size fits its slot. {@link #refuseIfProblems} then throws, naming every field
 *       that cannot be converted, before anything is written.
 *   <li>{@link #convert} rewrites the objects in batches through the {@link ConversionLog}: each
 *       object is, after any crash, wholly in its stored shape (with its stored class id) or wholly
 *       in the new one (with the new id), and running the migration again finishes the work.
 * </ol>
 */
final class Migration {
  private record Source(ClassInfo info, ShapeMatch match, LongStack objects) {}

  private final Heap heap;
  private final PersistentClass<?> type;
  private final ShapeConversion user;
  private final List<Source> sources = new ArrayList<>();
  private final List<String> problems = new ArrayList<>();

  private Migration(Heap heap, PersistentClass<?> type) {
    this.heap = heap;
    this.type = type;
    this.user = ShapeConversion.of(type.name());
  }

  /** Step 1: what the migration of {@code versions} to {@code type} would do. Reads only. */
  static Migration plan(Heap heap, PersistentClass<?> type, List<ClassInfo> versions) {
    Migration m = new Migration(heap, type);
    HeapWalk walk = HeapWalk.of(heap);
    for (ClassInfo v : versions) m.add(walk, v);
    return m;
  }

  private void add(HeapWalk walk, ClassInfo v) {
    LongStack objects = walk.objectsOf(v.id());
    if (objects.isEmpty()) return;
    String where = " [" + label(v) + ", " + objects.size() + " objects]";
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
    checkSlots(walk, v, objects, where);
    sources.add(new Source(v, match, objects));
  }

  /** Objects grow in place: each new size must fit the slot its object already has. */
  private void checkSlots(HeapWalk walk, ClassInfo v, LongStack objects, String where) {
    long need = ObjectLayout.HEADER + (long) type.fixedSize();
    long[] tooSmall = {0, Long.MAX_VALUE};
    objects.forEach(
        o -> {
          long c = walk.capacity(o);
          if (c < need) {
            tooSmall[0]++;
            tooSmall[1] = Math.min(tooSmall[1], c);
          }
        });
    if (tooSmall[0] > 0) {
      problems.add(
          tooSmall[0]
              + " objects of "
              + label(v)
              + " sit in slots of "
              + tooSmall[1]
              + " bytes, and the class now needs "
              + need
              + ": growing an object beyond its slot (relocating it) is not supported yet; keep"
              + " the payload within "
              + (tooSmall[1] - ObjectLayout.HEADER)
              + " bytes"
              + where);
    }
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
    long n = 0;
    for (Source s : sources) n += s.objects.size();
    return n;
  }

  /** Step 2: converts every planned object to class id {@code target}. Returns how many. */
  long convert(ClassInfo target) {
    if (sources.isEmpty()) return 0;
    ConversionLog log = ConversionLog.open(heap);
    Converter c = new Converter(target, user);
    for (Source s : sources) {
      c.source(s.info.shape(), s.match);
      s.objects.forEach(o -> batch(log, c, heap.base() + o));
    }
    flush(log, c);
    log.close();
    return objects();
  }

  private void batch(ConversionLog log, Converter c, long obj) {
    int length = ObjectLayout.HEADER + ObjectLayout.size(obj);
    if (log.add(obj, length)) return;
    flush(log, c);
    if (!log.add(obj, length)) throw new IllegalStateException("empty log refused " + length);
  }

  private void flush(ConversionLog log, Converter c) {
    if (log.size() == 0) return;
    log.arm();
    int i = 0;
    try {
      for (; i < log.size(); i++) c.convert(log.target(i), log.image(i));
    } catch (RuntimeException e) {
      long at = log.target(i) - heap.base();
      log.rollBack();
      throw new JnvmException(
          "the conversion of "
              + type.name()
              + " failed on the object at 0x"
              + Long.toHexString(at)
              + " ("
              + e
              + "); its batch was rolled back: every object is in its stored shape or converted"
              + " whole, file="
              + heap.file(),
          e);
    }
    log.commit();
  }

  /** Writes one object's new payload from its old image, then its header. */
  private static final class Converter {
    private final ClassInfo target;
    private final ShapeConversion user;
    private ClassShape from;
    private ShapeMatch match;

    Converter(ClassInfo target, ShapeConversion user) {
      this.target = target;
      this.user = user;
    }

    void source(ClassShape shape, ShapeMatch m) {
      this.from = shape;
      this.match = m;
    }

    /**
     * Every step reads the image, never the object: the object's bytes are overwritten as the new
     * payload is written, and its header (class id and size, one 8-byte store) comes last.
     */
    void convert(long obj, long image) {
      long p = obj + ObjectLayout.HEADER;
      long old = image + ObjectLayout.HEADER;
      int size = target.fixedSize();
      Pmem.fill(p, size, (byte) 0);
      for (ShapeMatch.Step s : match.steps) {
        if (s.from() == null) continue;
        long src = old + s.from().offset();
        long dst = p + s.to().offset();
        if (s.widens()) Widening.convert(s.from().descriptor(), s.to().descriptor(), src, dst);
        else Pmem.copy(src, dst, s.to().size());
      }
      if (user != null) user.convert(new Fields(old, from), new Fields(p, target.shape()));
      ObjectLayout.header(obj, target.id(), size);
      Pmem.pwb(obj, ObjectLayout.HEADER + (long) size);
    }
  }
}

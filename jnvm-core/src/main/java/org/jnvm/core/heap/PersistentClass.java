package org.jnvm.core.heap;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Describes a persistent class to the heap: its name, payload size, where its references are, a
 * layout string for the fingerprint, and the factory that resurrects proxies.
 *
 * <p>References sit at fixed payload offsets ({@link Builder#refs}) and/or in every 8-byte word
 * from a tail offset to the end of the payload ({@link Builder#refTail}), which covers arrays of
 * references. Recovery needs nothing else to mark, so it never creates proxies.
 *
 * <p>Descriptors are catalogued JVM-wide by name; a heap binds a name to a class id on first use
 * and persists the layout with its fingerprint, so a changed layout is detected.
 */
public final class PersistentClass<T extends PObject> {
  /** Resurrects a proxy for the object at {@code address} (no reflection on the hot path). */
  @FunctionalInterface
  public interface Factory<T extends PObject> {
    T resurrect(Heap heap, long address);
  }

  /** Built-in classes have ids below this; registered classes get ids from it upwards. */
  public static final int FIRST_USER_ID = 64;

  /** Payload size of variable-size classes. */
  public static final int VARIABLE = -1;

  public static final int NO_TAIL = -1;

  private static final ConcurrentHashMap<String, PersistentClass<?>> CATALOG =
      new ConcurrentHashMap<>();
  private static final AtomicInteger NEXT_LOCAL = new AtomicInteger();

  private final String name;
  private final int fixedSize;
  private final int[] refOffsets;
  private final int refTail;
  private final String layout;
  private final Factory<T> factory;
  private final long fingerprint;
  private final int localIndex;
  private final ClassShape shape;
  private final List<String> formerNames;
  private final Map<String, List<String>> formerFieldNames;
  private final FieldDefaults defaults;

  private PersistentClass(Builder<T> b) {
    this.name = b.name;
    this.fixedSize = b.fixedSize;
    this.refOffsets = b.refs.clone();
    this.refTail = b.refTail;
    this.layout = b.layout;
    this.factory = b.factory;
    this.fingerprint = fingerprint(name, fixedSize, refOffsets, refTail, layout);
    this.localIndex = NEXT_LOCAL.getAndIncrement();
    this.shape =
        b.shape != null
            ? ClassShape.parse(name, b.shape, fixedSize)
            : refTail == NO_TAIL
                ? ClassShape.fromLayout(name, layout, fixedSize, refOffsets)
                : null;
    if (shape != null) checkShape();
    this.formerNames = words(b.formerNames);
    this.formerFieldNames = new HashMap<>();
    for (String e : words(b.formerFieldNames)) {
      int eq = e.indexOf('=');
      if (eq <= 0) throw new IllegalArgumentException("bad former field names '" + e + "'");
      formerFieldNames.put(e.substring(0, eq), List.of(e.substring(eq + 1).split(",")));
    }
    this.defaults = FieldDefaults.parse(name, b.defaults, shape);
  }

  private static List<String> words(String s) {
    return s.isBlank() ? List.of() : List.of(s.trim().split(" +"));
  }

  /** A declared shape must describe the payload the layout declares (its references exactly). */
  private void checkShape() {
    int[] refs =
        shape.fields().stream()
            .filter(ClassShape.Field::isReference)
            .mapToInt(ClassShape.Field::offset)
            .sorted()
            .toArray();
    int[] declared = refOffsets.clone();
    Arrays.sort(declared);
    if (fixedSize < 0 || refTail != NO_TAIL || !Arrays.equals(refs, declared)) {
      throw new IllegalArgumentException(
          "the shape of persistent class "
              + name
              + " must describe a fixed-size payload whose references are exactly "
              + Arrays.toString(declared)
              + ": shape references="
              + Arrays.toString(refs)
              + " size="
              + fixedSize
              + " tail="
              + refTail);
    }
  }

  /** Starts a descriptor for the class named {@code name} (usually the proxy's binary name). */
  public static <T extends PObject> Builder<T> builder(String name, Factory<T> factory) {
    return new Builder<>(name, factory);
  }

  /** The catalogued descriptor of {@code name}, or null. */
  public static PersistentClass<?> forName(String name) {
    return CATALOG.get(name);
  }

  public String name() {
    return name;
  }

  /** Payload bytes, or {@link #VARIABLE}. */
  public int fixedSize() {
    return fixedSize;
  }

  int[] refOffsets() {
    return refOffsets;
  }

  int refTail() {
    return refTail;
  }

  public long fingerprint() {
    return fingerprint;
  }

  Factory<T> factory() {
    return factory;
  }

  int localIndex() {
    return localIndex;
  }

  /** The fields by name and type (null if the class declares none and none could be derived). */
  ClassShape shape() {
    return shape;
  }

  /** The class's earlier names ({@code @FormerNames} on the class). */
  List<String> formerNames() {
    return formerNames;
  }

  /** Each renamed field's earlier names ({@code @FormerNames} on the field), by current name. */
  Map<String, List<String>> formerFieldNames() {
    return formerFieldNames;
  }

  /** The {@code @DefaultValue}s of its fields, for the objects a migration converts. */
  FieldDefaults defaults() {
    return defaults;
  }

  /** The registry's view of this class as shape {@code version} under {@code id}. */
  ClassInfo info(int id, int version) {
    ClassShape s = shape == null ? null : shape.withVersion(version);
    return new ClassInfo(id, name, fingerprint, fixedSize, refOffsets, refTail, s);
  }

  static long fingerprint(String name, int size, int[] refs, int tail, String layout) {
    String s = name + '|' + size + '|' + Arrays.toString(refs) + '|' + tail + '|' + layout;
    long h = 0xcbf29ce484222325L; // FNV-1a 64
    for (byte b : s.getBytes(StandardCharsets.UTF_8)) {
      h = (h ^ (b & 0xff)) * 0x100000001b3L;
    }
    return h;
  }

  @Override
  public String toString() {
    return "PersistentClass["
        + name
        + " size="
        + fixedSize
        + " fp="
        + Long.toHexString(fingerprint)
        + "]";
  }

  /** Builds and catalogues a descriptor. */
  public static final class Builder<T extends PObject> {
    private final String name;
    private final Factory<T> factory;
    private int fixedSize = VARIABLE;
    private int[] refs = new int[0];
    private int refTail = NO_TAIL;
    private String layout = "";
    private String shape;
    private String formerNames = "";
    private String formerFieldNames = "";
    private String defaults = "";

    private Builder(String name, Factory<T> factory) {
      this.name = name;
      this.factory = factory;
    }

    /** Every object of the class has exactly {@code bytes} of payload. */
    public Builder<T> fixedSize(int bytes) {
      this.fixedSize = bytes;
      return this;
    }

    /** Payload offsets of reference fields (8 bytes each, 8-aligned). */
    public Builder<T> refs(int... offsets) {
      this.refs = offsets.clone();
      return this;
    }

    /** Every 8-byte word from {@code offset} to the payload's end is a reference. */
    public Builder<T> refTail(int offset) {
      this.refTail = offset;
      return this;
    }

    /** A description of the fields, e.g. {@code "x:int@0 msg:ref@8"}; part of the fingerprint. */
    public Builder<T> layout(String description) {
      this.layout = description;
      return this;
    }

    /**
     * The fields by name and Java type, grouped by declaring class, the root-most persistent
     * superclass first: {@code "a.Shape{base:J@0 tag:I@8} a.Derived{extra:J@16}"}. Kept in the
     * heap's class registry so that a later version of the class can be matched field by field; not
     * part of the fingerprint. Without it, a shape is derived from a layout string of {@code
     * name:kind@offset} entries when it describes every reference.
     */
    public Builder<T> shape(String fields) {
      this.shape = fields;
      return this;
    }

    /** The class's earlier binary names, space-separated ({@code @FormerNames} on the class). */
    public Builder<T> formerNames(String names) {
      this.formerNames = names;
      return this;
    }

    /**
     * Renamed fields' earlier names: space-separated {@code current=old1,old2} entries
     * ({@code @FormerNames} on each field).
     */
    public Builder<T> formerFieldNames(String names) {
      this.formerFieldNames = names;
      return this;
    }

    /**
     * The values fields added since an earlier version take in the objects that version stored,
     * {@code "visits=1 ratio=0.5"} ({@code @DefaultValue}, docs/evolution.md): each a field of the
     * shape, primitive, with a value of its type.
     */
    public Builder<T> defaults(String fieldValues) {
      this.defaults = fieldValues;
      return this;
    }

    public PersistentClass<T> build() {
      check();
      PersistentClass<T> c = new PersistentClass<>(this);
      for (String old : c.formerNames) catalog(old, c); // a heap's entries under an old name
      PersistentClass<?> prior = catalog(name, c);
      if (prior != null && prior.fingerprint != c.fingerprint) {
        throw new LayoutMismatchException(
            "two layouts declared for one persistent class: class="
                + name
                + " first="
                + Long.toHexString(prior.fingerprint)
                + " second="
                + Long.toHexString(c.fingerprint));
      }
      return c;
    }

    /**
     * Catalogues {@code c} under {@code key}; returns the descriptor kept there before if it stays.
     * Another version of the class (another fingerprint or shape) defined by another class loader
     * (an application redeployed, a migration tool) replaces the earlier one: it is the version
     * heaps are opened with from then on.
     */
    private static PersistentClass<?> catalog(String key, PersistentClass<?> c) {
      PersistentClass<?> prior = CATALOG.putIfAbsent(key, c);
      if (prior == null || prior == c) return null;
      boolean otherVersion =
          prior.fingerprint != c.fingerprint || !Objects.equals(prior.shape, c.shape);
      if (otherVersion && loader(prior) != loader(c)) {
        CATALOG.put(key, c);
        return null;
      }
      return prior;
    }

    private static ClassLoader loader(PersistentClass<?> c) {
      return c.factory.getClass().getClassLoader();
    }

    private void check() {
      for (int r : refs) {
        if (r < 0 || (r & 7) != 0 || (fixedSize != VARIABLE && r + 8 > fixedSize)) {
          throw new IllegalArgumentException(
              "reference offset must be 8-aligned and inside the payload: class="
                  + name
                  + " offset="
                  + r
                  + " size="
                  + fixedSize);
        }
      }
      if (refTail != NO_TAIL && (refTail < 0 || (refTail & 7) != 0)) {
        throw new IllegalArgumentException(
            "reference tail must be 8-aligned: class=" + name + " tail=" + refTail);
      }
    }
  }
}

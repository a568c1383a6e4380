package org.jnvm.jpdt;

import java.util.Arrays;
import java.util.Comparator;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import org.jnvm.core.JnvmException;
import org.jnvm.core.NotTransformedException;
import org.jnvm.core.heap.Heap;
import org.jnvm.core.heap.HeapCorruptException;
import org.jnvm.core.heap.PObject;
import org.jnvm.core.pmem.Pmem;

/**
 * The built-in {@link PType}s and the registry that finds a type by its persisted code.
 *
 * <table>
 *   <caption>Built-in types</caption>
 *   <tr><th>type</th><th>code</th><th>takes, returns</th><th>stores</th><th>lookups accept</th>
 *   <tr><td>{@link #objects()}</td><td>1</td><td>any {@link PObject}</td><td>the reference</td>
 *       <td>objects equal by their own {@code equals}</td>
 *   <tr><td>{@link #pstrings()}</td><td>2</td><td>{@link PString}</td><td>the reference</td>
 *       <td>{@code PString} or {@code String}</td>
 *   <tr><td>{@link #strings()}</td><td>3</td><td>{@link String}</td><td>an owned {@code PString}
 *       </td><td>{@code String} or {@code PString}</td>
 *   <tr><td>{@link #bytes()}</td><td>4</td><td>{@code byte[]}</td><td>an owned {@link
 *       PByteArray}</td><td>{@code byte[]} or {@code PByteArray}, by content</td>
 * </table>
 */
public final class PTypes {
  /** Codes below this are reserved for built-in types. */
  public static final int FIRST_USER_CODE = 1000;

  private static final Map<Integer, PType<?>> BY_CODE = new ConcurrentHashMap<>();
  private static final PType<?> OBJECTS = new ObjectsType();
  private static final POrderedType<PString> PSTRINGS = new PStringsType();
  private static final POrderedType<String> STRINGS = new StringsType();
  private static final PType<byte[]> BYTES = new BytesType();

  static {
    for (PType<?> t : new PType<?>[] {OBJECTS, PSTRINGS, STRINGS, BYTES}) BY_CODE.put(t.code(), t);
  }

  private PTypes() {}

  /** Persistent objects by reference, compared with their own {@code equals} and hash. */
  @SuppressWarnings("unchecked")
  public static <T extends PObject> PType<T> objects() {
    return (PType<T>) OBJECTS;
  }

  /**
   * {@link #objects()} for elements of one class, e.g. a generated {@code @Persistent} class:
   * {@code new PArrayList<Account>(heap, PTypes.objects(Account.class))}. The class is a compile
   * time witness only: the container records the objects type, and a reopened container may be read
   * as holding any class its elements are instances of.
   *
   * <p>{@code T} has no bound: a {@code @Persistent} class as written does not extend {@link
   * PObject} when the code that uses it is compiled; the code generator rebases it afterwards. So
   * the check is at run time.
   *
   * @throws IllegalArgumentException if the class is not persistent (not a {@code PObject}: a
   *     {@code @Persistent} class the code generator did not transform)
   */
  @SuppressWarnings("unchecked")
  public static <T> PType<T> objects(Class<T> elementClass) {
    java.util.Objects.requireNonNull(elementClass, "elementClass");
    if (!PObject.class.isAssignableFrom(elementClass)) {
      throw new IllegalArgumentException(
          "not a persistent class: "
              + elementClass.getName()
              + " does not extend PObject ("
              + NotTransformedException.HOW
              + ")");
    }
    return (PType<T>) OBJECTS;
  }

  /** {@link PString} references; lookups also accept a {@code String} with the same chars. */
  public static POrderedType<PString> pstrings() {
    return PSTRINGS;
  }

  /** {@code String}s, stored as owned {@link PString} copies; lookups also accept a PString. */
  public static POrderedType<String> strings() {
    return STRINGS;
  }

  /** {@code byte[]}s by content, stored as owned {@link PByteArray} copies. */
  public static PType<byte[]> bytes() {
    return BYTES;
  }

  /**
   * Registers a user-defined type so that containers that recorded its code can be reopened.
   *
   * @throws IllegalArgumentException if the code is reserved or taken by another type
   */
  public static void register(PType<?> type) {
    if (type.code() < FIRST_USER_CODE) {
      throw new IllegalArgumentException(
          "user type codes start at "
              + FIRST_USER_CODE
              + ": type="
              + type.name()
              + " code="
              + type.code());
    }
    PType<?> prior = BY_CODE.putIfAbsent(type.code(), type);
    if (prior != null && prior != type) {
      throw new IllegalArgumentException(
          "type code already registered: code="
              + type.code()
              + " registered="
              + prior.name()
              + " new="
              + type.name());
    }
  }

  /**
   * The type registered under {@code code}.
   *
   * @throws JnvmException if no type has that code (its class was never registered in this JVM)
   */
  public static PType<?> byCode(int code) {
    PType<?> t = BY_CODE.get(code);
    if (t == null) {
      throw new JnvmException(
          "no J-PDT type registered with code " + code + " (register it with PTypes.register)");
    }
    return t;
  }

  /** The address of the string a container stored at {@code offset}, its header checked. */
  private static long stringAt(Heap heap, long offset) {
    long a = heap.addressOf(offset, PString.TYPE);
    if (Pmem.CHECKS) PString.checkHeader(heap, a);
    return a;
  }

  static <X extends PObject> X expect(PObject o, Class<X> c, String type) {
    if (!c.isInstance(o)) {
      throw new HeapCorruptException(
          "stored object of a "
              + type
              + " container is a "
              + o.getClass().getSimpleName()
              + ", expected "
              + c.getSimpleName()
              + ": "
              + o
              + " file="
              + o.heap().file());
    }
    return c.cast(o);
  }

  static void requireSameHeap(Heap heap, PObject o) {
    if (o.heap() != heap) {
      throw new IllegalArgumentException(
          "a persistent reference cannot cross heaps: container="
              + heap.file()
              + " object="
              + o.heap().file());
    }
  }

  /** Strings in either form share the hash, equivalence and order of {@code String}. */
  private abstract static class CharsType<T> implements POrderedType<T> {
    @Override
    public boolean accepts(Object o) {
      return o instanceof String || o instanceof PString;
    }

    @Override
    public int hash(Object o) {
      return o.hashCode();
    }

    @Override
    public boolean matches(PObject stored, Object o) {
      return accepts(o) && expect(stored, PString.class, name()).contentEquals((CharSequence) o);
    }

    @Override
    public boolean matchesAt(Heap heap, long offset, Object o) {
      if (o instanceof String s) return PString.contentEqualsAt(stringAt(heap, offset), s);
      return matches(heap.object(offset), o);
    }

    /** The chars of a Latin-1 string of at most {@link #IMAGE_BYTES} chars, one byte each. */
    @Override
    public int image(Object o, long[] dst) {
      if (o instanceof PString p) return PString.imageAt(p.address(), dst);
      String s = (String) o;
      int n = s.length();
      if (n > IMAGE_BYTES) return -1;
      dst[0] = dst[1] = dst[2] = 0;
      for (int i = 0; i < n; i++) {
        char c = s.charAt(i);
        if (c > 0xFF) return -1; // a PString of these chars is UTF-16: no image either
        dst[i >>> 3] |= (long) c << ((i & 7) << 3);
      }
      return n;
    }

    @Override
    public int imageAt(Heap heap, long offset, long[] dst) {
      return PString.imageAt(stringAt(heap, offset), dst);
    }

    @Override
    public Object sortKey(Object o) {
      return o instanceof String ? o : o.toString();
    }

    @Override
    public Comparator<Object> sortOrder() {
      return null;
    }
  }

  private static final class PStringsType extends CharsType<PString> {
    @Override
    public int code() {
      return 2;
    }

    @Override
    public String name() {
      return "pstrings";
    }

    @Override
    public boolean copies() {
      return false;
    }

    @Override
    public PObject store(Heap heap, PString value) {
      requireSameHeap(heap, Objects.requireNonNull(value, "value"));
      // Redundant today (mutation testing leaves it alive): every PString a caller can hold is
      // durable (public constructors write back and fence; unfenced copies are the strings()
      // type's own). Kept as a guard for any future unfenced path: a write-back of clean lines,
      // no fence (the container's own fence orders it).
      value.pwbObject();
      return value;
    }

    @Override
    public PString load(PObject stored) {
      return expect(stored, PString.class, name());
    }

    @Override
    public Comparator<? super PString> comparator() {
      return null;
    }
  }

  private static final class StringsType extends CharsType<String> {
    @Override
    public int code() {
      return 3;
    }

    @Override
    public String name() {
      return "strings";
    }

    @Override
    public boolean copies() {
      return true;
    }

    @Override
    public PObject store(Heap heap, String value) {
      return PString.unfenced(heap, Objects.requireNonNull(value, "value"));
    }

    @Override
    public String load(PObject stored) {
      return expect(stored, PString.class, name()).toString();
    }

    @Override
    public String loadAt(Heap heap, long offset) {
      return PString.stringAt(stringAt(heap, offset));
    }

    /** A stored key's sort key is a {@code String} of its chars: the key this type returns. */
    @Override
    public String keyOf(Object sortKey) {
      return (String) sortKey;
    }

    @Override
    public Comparator<? super String> comparator() {
      return null;
    }
  }

  /**
   * Typed on {@code Object}, not {@code PObject}: a container of a {@code @Persistent} class is
   * declared on the class as written, so an object of that class the code generator missed reaches
   * {@link #store} as a plain object, which gets the generator's hint instead of a cast failure.
   */
  private static final class ObjectsType implements PType<Object> {
    @Override
    public int code() {
      return 1;
    }

    @Override
    public String name() {
      return "objects";
    }

    @Override
    public boolean copies() {
      return false;
    }

    @Override
    public PObject store(Heap heap, Object value) {
      if (!(Objects.requireNonNull(value, "value") instanceof PObject o)) {
        throw new NotTransformedException(
            "not a persistent object: class=" + value.getClass().getName());
      }
      requireSameHeap(heap, o);
      o.pwbObject();
      return o;
    }

    @Override
    public Object load(PObject stored) {
      return stored;
    }

    @Override
    public boolean accepts(Object o) {
      return o instanceof PObject;
    }

    @Override
    public int hash(Object o) {
      return o.hashCode();
    }

    @Override
    public boolean matches(PObject stored, Object o) {
      return stored.equals(o);
    }
  }

  private static final class BytesType implements PType<byte[]> {
    @Override
    public int code() {
      return 4;
    }

    @Override
    public String name() {
      return "bytes";
    }

    @Override
    public boolean copies() {
      return true;
    }

    @Override
    public PObject store(Heap heap, byte[] value) {
      return PByteArray.unfenced(heap, Objects.requireNonNull(value, "value"));
    }

    @Override
    public byte[] load(PObject stored) {
      return expect(stored, PByteArray.class, name()).toArray();
    }

    @Override
    public byte[] loadAt(Heap heap, long offset) {
      return PByteArray.toArrayAt(heap.addressOf(offset, PByteArray.TYPE));
    }

    @Override
    public boolean accepts(Object o) {
      return o instanceof byte[] || o instanceof PByteArray;
    }

    @Override
    public int hash(Object o) {
      return o instanceof byte[] b ? Arrays.hashCode(b) : ((PByteArray) o).contentHash();
    }

    @Override
    public boolean matches(PObject stored, Object o) {
      PByteArray a = expect(stored, PByteArray.class, name());
      if (o instanceof byte[] b) return a.contentEquals(b);
      return o instanceof PByteArray p && a.contentEquals(p);
    }

    @Override
    public boolean matchesAt(Heap heap, long offset, Object o) {
      if (o instanceof byte[] b) {
        return PByteArray.contentEqualsAt(heap.addressOf(offset, PByteArray.TYPE), b);
      }
      return matches(heap.object(offset), o);
    }

    /** The bytes of an array of at most {@link #IMAGE_BYTES}. */
    @Override
    public int image(Object o, long[] dst) {
      if (o instanceof byte[] b) return Bytes.image(b, dst);
      return PByteArray.imageAt(((PByteArray) o).address(), dst);
    }

    @Override
    public int imageAt(Heap heap, long offset, long[] dst) {
      return PByteArray.imageAt(heap.addressOf(offset, PByteArray.TYPE), dst);
    }
  }
}

package org.jnvm.infinispan;

import org.jnvm.core.heap.Heap;
import org.jnvm.core.heap.PObject;
import org.jnvm.jpdt.PString;
import org.jnvm.jpdt.PType;
import org.jnvm.jpdt.PTypes;

/**
 * The key type of the store's segment maps: takes {@link KeyForm}s, stores what the map owns (a
 * {@link StringKey} of a String's chars, a {@link Blob} of marshalled bytes, a {@link PString}
 * copy, or the caller's J-NVM key itself) and returns the stored object as is; the store decodes
 * it.
 *
 * <p>Equivalence: a String key matches a {@code StringKey} with the same chars; a marshalled key
 * matches a blob with the same bytes; a {@code PString} key matches a stored {@code PString} with
 * the same chars; any other J-NVM key matches only itself. The four never match one another, as in
 * Infinispan, where a {@code PString} never equals a {@code String}. Hashes: a {@code StringKey}'s
 * or blob's stored hash, else the object's own hash (content for a {@code PString}).
 *
 * <p>Lookups of String and marshalled keys compare the stored key in place ({@link #matchesAt}),
 * without making a proxy: the hot path of every {@code load} and {@code write}.
 *
 * <p>Copying (the map frees the stored key when it drops the entry): the store owns every key it
 * stores, J-NVM keys included.
 */
final class StoreKeyType implements PType<Object> {
  /** The code recorded in the store's maps; in the user range of {@link PTypes}. */
  static final int CODE = 7101;

  static final StoreKeyType INSTANCE = new StoreKeyType();

  static {
    PTypes.register(INSTANCE);
  }

  private StoreKeyType() {}

  /** Makes sure the type is registered before any store map is created or reopened. */
  static StoreKeyType registered() {
    return INSTANCE;
  }

  @Override
  public int code() {
    return CODE;
  }

  @Override
  public String name() {
    return "infinispan-keys";
  }

  @Override
  public boolean copies() {
    return true;
  }

  @Override
  public PObject store(Heap heap, Object value) {
    KeyForm k = (KeyForm) value;
    switch (k.kind) {
      case STRING:
        return new StringKey(heap, k);
      case BYTES:
        return new Blob(heap, k.bytes, 0, k.bytes.length);
      case PSTRING:
        return new PString(heap, (PString) k.object);
      default:
        if (k.object.heap() != heap) {
          throw new IllegalArgumentException(
              "a J-NVM key must live in the store's heap: key="
                  + k.object
                  + " keyHeap="
                  + k.object.heap().file()
                  + " storeHeap="
                  + heap.file());
        }
        k.object.pwbObject();
        return k.object;
    }
  }

  @Override
  public Object load(PObject stored) {
    return stored;
  }

  @Override
  public boolean accepts(Object o) {
    return o instanceof KeyForm || o instanceof PObject;
  }

  @Override
  public int hash(Object o) {
    if (o instanceof KeyForm k) return k.hash;
    if (o instanceof StringKey s) return s.contentHash();
    if (o instanceof Blob b) return b.contentHash();
    return o.hashCode();
  }

  /**
   * Images ({@link PType#image}): a String key of at most {@link PType#IMAGE_BYTES} Latin-1 chars,
   * as a lookup form or as a stored {@link StringKey}, so that the index compares it in volatile
   * memory and a lookup reads no persistent key. Only String keys have images; a blob, a {@code
   * PString} or a J-NVM key never matches one, so keys with images are equivalent exactly when
   * their chars are.
   */
  @Override
  public int image(Object o, long[] dst) {
    if (o instanceof KeyForm k) {
      return k.kind == KeyForm.Kind.STRING && k.coder == StringKey.LATIN1
          ? StringKey.image(k.bytes, dst)
          : -1;
    }
    return o instanceof StringKey s ? StringKey.imageAt(s.address(), dst) : -1;
  }

  @Override
  public int imageAt(Heap heap, long offset, long[] dst) {
    return heap.isObjectOf(offset, StringKey.TYPE)
        ? StringKey.imageAt(heap.base() + offset, dst)
        : -1;
  }

  @Override
  public boolean matchesAt(Heap heap, long offset, Object o) {
    if (o instanceof KeyForm k && k.kind == KeyForm.Kind.STRING) {
      return heap.isObjectOf(offset, StringKey.TYPE)
          && StringKey.contentEqualsAt(heap.base() + offset, k);
    }
    if (o instanceof KeyForm k && k.kind == KeyForm.Kind.BYTES) {
      return heap.isObjectOf(offset, Blob.TYPE)
          && Blob.contentEqualsAt(heap.base() + offset, k.bytes, k.hash);
    }
    return matches(heap.object(offset), o);
  }

  @Override
  public boolean matches(PObject stored, Object o) {
    if (o instanceof PObject p) return stored.equals(p);
    if (!(o instanceof KeyForm k)) return false;
    switch (k.kind) {
      case STRING:
        return stored instanceof StringKey s && StringKey.contentEqualsAt(s.address(), k);
      case BYTES:
        return stored instanceof Blob b && b.contentEquals(k.bytes, k.hash);
      case PSTRING:
        return stored instanceof PString s && s.contentEquals((PString) k.object);
      default:
        return !(stored instanceof Blob)
            && !(stored instanceof StringKey)
            && !(stored instanceof PString)
            && stored.equals(k.object);
    }
  }
}

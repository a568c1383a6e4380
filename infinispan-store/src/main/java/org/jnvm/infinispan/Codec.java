package org.jnvm.infinispan;

import java.io.IOException;
import java.util.Arrays;
import org.infinispan.commons.io.ByteBuffer;
import org.infinispan.marshall.persistence.PersistenceMarshaller;
import org.infinispan.metadata.EmbeddedMetadata;
import org.infinispan.metadata.Metadata;
import org.infinispan.metadata.impl.PrivateMetadata;
import org.infinispan.persistence.spi.MarshallableEntry;
import org.infinispan.persistence.spi.MarshallableEntryFactory;
import org.infinispan.persistence.spi.PersistenceException;
import org.jnvm.core.heap.Heap;
import org.jnvm.core.heap.PObject;

/**
 * Converts between Infinispan's entries and the store's forms. J-NVM objects (keys and values that
 * are {@link PObject}s of the store's heap) pass by reference, never marshalled; everything else
 * goes through Infinispan's persistence marshaller (for Long, Integer, String and byte[], its bytes
 * are produced and read by {@link FastMarshal}). Metadata without a version, as embedded caches
 * write it, is kept compactly as its lifespan and max idle; other metadata is marshalled.
 */
final class Codec {
  private static final byte[] NO_VALUE = new byte[0];

  private final Heap heap;
  private final PersistenceMarshaller marshaller;
  private final MarshallableEntryFactory<Object, Object> entries;
  private final FastMarshal fast;

  Codec(Heap heap, PersistenceMarshaller marshaller, MarshallableEntryFactory<Object, Object> f) {
    this.heap = heap;
    this.marshaller = marshaller;
    this.entries = f;
    this.fast = FastMarshal.matching(marshaller);
  }

  // ---- keys --------------------------------------------------------------------------------

  /**
   * The lookup form of a cache key: a String's chars, a J-NVM key as is, anything else marshalled.
   */
  KeyForm key(Object key) {
    if (key instanceof String s) return KeyForm.of(s);
    if (key instanceof PObject p) return KeyForm.of(p);
    return KeyForm.of(marshal(key));
  }

  /** The cache key of a stored key as a {@link SegmentMaps.Snapshot} holds it. */
  Object cacheKey(Object raw) {
    return raw instanceof byte[] b ? unmarshal(b) : raw;
  }

  // ---- entries -----------------------------------------------------------------------------

  /** What to store for {@code e}. */
  EntryData encode(MarshallableEntry<?, ?> e) {
    Object value = e.getValue();
    PObject ref = null;
    byte[] bytes = null;
    if (value instanceof PObject p) {
      ref = requireOwnHeap(p);
    } else if (value == null) {
      bytes = NO_VALUE; // an entry with no value (e.g. a tombstone carrying internal metadata)
    } else {
      bytes = fast.encode(value); // the marshaller's bytes, without the marshaller
      if (bytes == null) bytes = bytes(e.getValueBytes());
    }
    Metadata m = e.getMetadata();
    int kind =
        m == null ? EntryData.NO_METADATA : compact(m) ? EntryData.COMPACT : EntryData.MARSHALLED;
    long lifespan = m == null ? -1 : m.lifespan();
    long maxIdle = m == null ? -1 : m.maxIdle();
    byte[] meta = kind == EntryData.MARSHALLED ? bytes(e.getMetadataBytes()) : null;
    PrivateMetadata pm = e.getInternalMetadata();
    byte[] internal = pm == null || pm.isEmpty() ? null : bytes(e.getInternalMetadataBytes());
    return new EntryData(
        ref,
        bytes,
        kind,
        lifespan,
        maxIdle,
        meta,
        internal,
        e.created(),
        e.lastUsed(),
        e.expiryTime());
  }

  /** The Infinispan entry of {@code key} holding {@code d}. */
  MarshallableEntry<Object, Object> decode(Object key, EntryData d) {
    return decode(key, d, true);
  }

  /** The same, without unmarshalling the value when {@code withValue} is false (metadata kept). */
  MarshallableEntry<Object, Object> decode(Object key, EntryData d, boolean withValue) {
    Object value =
        !withValue ? null : d.valueRef() != null ? d.valueRef() : unmarshalValue(d.valueBytes());
    Metadata m =
        switch (d.metadataKind()) {
          case EntryData.COMPACT ->
              new EmbeddedMetadata.Builder().lifespan(d.lifespan()).maxIdle(d.maxIdle()).build();
          case EntryData.MARSHALLED -> (Metadata) unmarshal(d.metadataBytes());
          default -> null;
        };
    PrivateMetadata pm =
        d.internalBytes() == null ? null : (PrivateMetadata) unmarshal(d.internalBytes());
    return entries.create(key, value, m, pm, d.created(), d.lastUsed());
  }

  // ---- marshalling -------------------------------------------------------------------------

  private static boolean compact(Metadata m) {
    return m instanceof EmbeddedMetadata && m.version() == null;
  }

  private PObject requireOwnHeap(PObject p) {
    if (p.heap() != heap) {
      throw new IllegalArgumentException(
          "a J-NVM value must live in the store's heap (get it with JnvmStore.heap(cache)): value="
              + p
              + " valueHeap="
              + p.heap().file()
              + " storeHeap="
              + heap.file());
    }
    return p;
  }

  private byte[] marshal(Object o) {
    byte[] b = fast.encode(o);
    if (b != null) return b;
    try {
      return marshaller.objectToByteBuffer(o);
    } catch (IOException e) {
      throw new PersistenceException("cannot marshal " + o.getClass().getName(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new PersistenceException("interrupted while marshalling", e);
    }
  }

  private Object unmarshalValue(byte[] b) {
    return b.length == 0 ? null : unmarshal(b);
  }

  private Object unmarshal(byte[] b) {
    Object v = fast.decode(b);
    if (v != null) return v;
    try {
      return marshaller.objectFromByteBuffer(b);
    } catch (IOException | ClassNotFoundException e) {
      throw new PersistenceException("cannot unmarshal " + b.length + " stored bytes", e);
    }
  }

  private static byte[] bytes(ByteBuffer b) {
    byte[] buf = b.getBuf();
    int off = b.getOffset();
    int len = b.getLength();
    return off == 0 && len == buf.length ? buf : Arrays.copyOfRange(buf, off, off + len);
  }
}

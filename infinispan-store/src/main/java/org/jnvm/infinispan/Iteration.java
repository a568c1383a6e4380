package org.jnvm.infinispan;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import org.infinispan.persistence.spi.MarshallableEntry;

/**
 * One segment's part of an iteration or a purge: the segment is copied under its lock ({@link
 * SegmentMaps}), then keys and values are unmarshalled and filtered outside it. Runs on blocking
 * threads.
 */
final class Iteration {
  private Iteration() {}

  /** Entries with their metadata; values only if {@code values} (Infinispan expects both). */
  static List<MarshallableEntry<Object, Object>> entries(
      OpenStore o, int seg, Predicate<? super Object> filter, boolean values, long now) {
    List<MarshallableEntry<Object, Object>> out = new ArrayList<>();
    for (SegmentMaps.Snapshot s : o.maps.snapshot(seg)) {
      if (s.data().expiredAt(now)) continue;
      Object key = o.codec.cacheKey(s.key());
      if (filter == null || filter.test(key)) out.add(o.codec.decode(key, s.data(), values));
    }
    return out;
  }

  static List<Object> keys(OpenStore o, int seg, Predicate<? super Object> filter, long now) {
    List<Object> out = new ArrayList<>();
    for (Object raw : o.maps.keys(seg, now)) {
      Object key = o.codec.cacheKey(raw);
      if (filter == null || filter.test(key)) out.add(key);
    }
    return out;
  }

  static List<MarshallableEntry<Object, Object>> purge(OpenStore o, int seg, long now) {
    List<MarshallableEntry<Object, Object>> out = new ArrayList<>();
    for (SegmentMaps.Snapshot s : o.maps.purgeExpired(seg, now)) {
      out.add(o.codec.decode(o.codec.cacheKey(s.key()), s.data()));
    }
    return out;
  }
}

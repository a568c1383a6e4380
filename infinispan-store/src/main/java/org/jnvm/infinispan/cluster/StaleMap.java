package org.jnvm.infinispan.cluster;

import java.util.BitSet;
import java.util.Collection;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Which segments of which ring members are stale: the member missed a write to that segment that
 * another copy has. Immutable. Its text form, used by the restart ledger and by the launcher's
 * {@value StaleSegments#STALE_PROPERTY} property:
 *
 * <pre>
 *   jnvm-0:0-12,40;jnvm-2:*      a member's segments as ascending ranges; '*': every segment
 * </pre>
 *
 * A member is stale per segment, not as a whole, because a whole-member mark cannot tell a copy
 * that missed writes from one that could not have: when two owners of a segment die at once, the
 * second to die missed nothing of it (no live owner was left to accept a write), and marking it
 * stale as a whole would leave that segment with no current owner.
 */
public final class StaleMap {
  /** No member stale. */
  public static final StaleMap EMPTY = new StaleMap(new TreeMap<>());

  /** A member's stale segments; {@link #ALL} for every segment. */
  private final TreeMap<String, BitSet> bySegment;

  private static final BitSet ALL = new BitSet(0);

  private StaleMap(TreeMap<String, BitSet> bySegment) {
    this.bySegment = bySegment;
  }

  /** True if {@code member}'s copy of {@code segment} is stale. */
  public boolean stale(String member, int segment) {
    BitSet b = bySegment.get(member);
    return b != null && (b == ALL || b.get(segment));
  }

  /** True if every segment of {@code member} is stale (an old ledger, a receiving node). */
  public boolean allStale(String member) {
    return bySegment.get(member) == ALL;
  }

  /** The members stale in at least one segment. */
  public Set<String> members() {
    return bySegment.keySet();
  }

  public boolean isEmpty() {
    return bySegment.isEmpty();
  }

  /** This map with {@code member} stale in {@code segments} too (this map if it already was). */
  public StaleMap with(String member, BitSet segments) {
    BitSet old = bySegment.get(member);
    if (old == ALL) return this;
    BitSet merged = old == null ? new BitSet() : (BitSet) old.clone();
    merged.or(segments);
    if (merged.equals(old) || merged.isEmpty()) return this;
    TreeMap<String, BitSet> m = new TreeMap<>(bySegment);
    m.put(member, merged);
    return new StaleMap(m);
  }

  /** This map with every segment of {@code member} stale. */
  public StaleMap withAll(String member) {
    if (allStale(member)) return this;
    TreeMap<String, BitSet> m = new TreeMap<>(bySegment);
    m.put(member, ALL);
    return new StaleMap(m);
  }

  /** This map without {@code members}: they hold their segments completely again. */
  public StaleMap without(Collection<String> members) {
    TreeMap<String, BitSet> m = new TreeMap<>(bySegment);
    if (!m.keySet().removeAll(members)) return this;
    return new StaleMap(m);
  }

  /** {@code member}'s stale segments as text: {@code 0-12,40}, {@code *}, or empty. */
  public String segmentsText(String member) {
    BitSet b = bySegment.get(member);
    if (b == null) return "";
    return b == ALL ? "*" : ranges(b);
  }

  /** Segments as ascending ranges: {@code 0-12,40}. */
  static String ranges(BitSet b) {
    StringBuilder out = new StringBuilder();
    for (int s = b.nextSetBit(0); s >= 0; ) {
      int end = b.nextClearBit(s) - 1;
      if (out.length() > 0) out.append(',');
      out.append(s);
      if (end > s) out.append('-').append(end);
      s = b.nextSetBit(end + 1);
    }
    return out.toString();
  }

  /**
   * Parses {@link #segmentsText}'s form ({@link #ALL} for {@code *}: never to be changed); a clear
   * error naming {@code text} otherwise.
   */
  private static BitSet parseSegments(String text) {
    return text.equals("*") ? ALL : parseRanges(text);
  }

  /** Parses {@link #ranges}'s form; a clear error naming {@code text} otherwise. */
  static BitSet parseRanges(String text) {
    BitSet b = new BitSet();
    for (String range : text.split(",")) {
      String r = range.trim();
      if (r.isEmpty()) continue;
      int dash = r.indexOf('-');
      try {
        int from = Integer.parseInt(dash < 0 ? r : r.substring(0, dash));
        int to = dash < 0 ? from : Integer.parseInt(r.substring(dash + 1));
        if (from < 0 || to < from) throw new NumberFormatException(r);
        b.set(from, to + 1);
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException(
            "not a segment range: '" + r + "' in '" + text + "' (expected e.g. 0-12,40 or *)", e);
      }
    }
    return b;
  }

  /** The map with {@code member}'s segments parsed from {@code text} added. */
  public StaleMap with(String member, String text) {
    BitSet b = parseSegments(text);
    return b == ALL ? withAll(member) : with(member, b);
  }

  /** The whole map as text: {@code a:0-12,40;b:*}. */
  @Override
  public String toString() {
    StringBuilder out = new StringBuilder();
    for (String member : bySegment.keySet()) {
      if (out.length() > 0) out.append(';');
      out.append(member).append(':').append(segmentsText(member));
    }
    return out.toString();
  }

  /** Parses {@link #toString()}'s form. */
  public static StaleMap parse(String text) {
    StaleMap m = EMPTY;
    for (String entry : text.split(";")) {
      String e = entry.trim();
      if (e.isEmpty()) continue;
      int colon = e.lastIndexOf(':');
      if (colon <= 0) {
        throw new IllegalArgumentException(
            "not a stale map entry: '" + e + "' in '" + text + "' (expected member:segments)");
      }
      m = m.with(e.substring(0, colon), e.substring(colon + 1));
    }
    return m;
  }

  /** Every member's segments, for the ledger's lines. */
  Map<String, String> lines() {
    Map<String, String> out = new TreeMap<>();
    for (String member : bySegment.keySet()) out.put(member, segmentsText(member));
    return out;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof StaleMap m && m.toString().equals(toString());
  }

  @Override
  public int hashCode() {
    return toString().hashCode();
  }
}

package org.jnvm.jpdt.collection;

/**
 * What a map's persistent store holds.
 *
 * @param entries live entries
 * @param segments segments in the directory
 * @param segmentSlots slots per segment
 * @param directoryCapacity references the directory can hold before it doubles
 * @param freeSlots slots freed by removals and available for reuse
 */
public record StorageStats(
    long entries, int segments, int segmentSlots, int directoryCapacity, long freeSlots) {

  /** Persistent objects of the map itself: header, directory, segments and entries. */
  public long structureObjects() {
    return 2 + segments + entries;
  }
}

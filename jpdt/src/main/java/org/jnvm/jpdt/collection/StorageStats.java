package org.jnvm.jpdt.collection;

/**
 * What a map's persistent store holds.
 *
 * @param entries live entries
 * @param segments segments in the directory
 * @param segmentSlots slots per segment
 * @param directoryCapacity references the directory can hold before it doubles
 * @param freeSlots slots freed by removals and available for reuse
 * @param indexObjects objects of the persistent index (root, directories, buckets), 0 if none
 */
public record StorageStats(
    long entries,
    int segments,
    int segmentSlots,
    int directoryCapacity,
    long freeSlots,
    int indexObjects) {

  /** Persistent objects of the map itself: header, directory, segments, entries and index. */
  public long structureObjects() {
    return 2 + segments + entries + indexObjects;
  }
}

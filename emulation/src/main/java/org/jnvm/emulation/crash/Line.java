package org.jnvm.emulation.crash;

import java.util.Arrays;

/**
 * One dirty cache line: the versions it went through since it was last durable. Version 0 is the
 * media content; each tracked store appends the line as it was right after the store, so version k
 * is "the first k stores landed". A crash may expose any version the model allows.
 */
final class Line {
  /** Versions kept per line; beyond it the oldest intermediate versions are dropped. */
  static final int MAX_VERSIONS = 64;

  final long index;
  private byte[][] versions = new byte[4][];
  private int count;

  /** Version captured by the last write-back since the last fence, or -1. */
  private int writtenBack = -1;

  Line(long index, byte[] media) {
    this.index = index;
    versions[0] = media;
    count = 1;
  }

  void store(byte[] snapshot) {
    if (count == MAX_VERSIONS) {
      System.arraycopy(versions, 2, versions, 1, count - 2); // keep media and newest ones
      count--;
      if (writtenBack > 1) writtenBack--;
    }
    if (count == versions.length) versions = Arrays.copyOf(versions, count * 2);
    versions[count++] = snapshot;
  }

  void writeBack() {
    writtenBack = count - 1;
  }

  int count() {
    return count;
  }

  int writtenBack() {
    return writtenBack;
  }

  byte[] version(int k) {
    return versions[k];
  }

  /**
   * Applies a fence: the written-back version becomes the media content. Returns true if the line
   * is clean afterwards.
   */
  boolean fence() {
    if (writtenBack < 0) return false;
    int wb = writtenBack;
    System.arraycopy(versions, wb, versions, 0, count - wb);
    count -= wb;
    writtenBack = -1;
    return count == 1;
  }

  /** The version indices a crash may expose under {@code model}. */
  int[] choices(CrashModel model) {
    if (model == CrashModel.EVICTION) {
      int[] all = new int[count];
      for (int i = 0; i < count; i++) all[i] = i;
      return all;
    }
    return writtenBack > 0 ? new int[] {0, writtenBack} : new int[] {0};
  }
}

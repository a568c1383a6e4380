package org.jnvm.core.heap;

import java.util.ArrayList;
import java.util.List;

/**
 * The heap verifier: the same checks as recovery's mark (every reference lands on a well-formed
 * object with a known class and a size that fits its slot), collected rather than thrown, plus:
 * every reachable object is allocated (no use after free), and every chunk of a reachable object is
 * in use.
 */
final class Verifier {
  private Verifier() {}

  static VerifyReport verify(Heap heap) {
    HeapGeometry g = heap.geometry();
    MediaView view = new MediaView(heap.base(), g, heap.allocator().reservedChunks());
    view.classes = heap.classes().infos();
    Bitmap marks = new Bitmap(view.granules());
    Marker m = new Marker(view, marks, true);
    long sb = heap.base();
    long reachable =
        m.mark(
            new long[] {SuperblockLayout.rootsOffset(sb), SuperblockLayout.registryOffset(sb)}, 1);
    List<String> problems = new ArrayList<>(m.problems());
    for (long bit = marks.nextSet(0);
        bit >= 0 && problems.size() < Marker.MAX_PROBLEMS;
        bit = marks.nextSet(bit + 1)) {
      long off = g.dataOffset() + bit * 64;
      if (!heap.allocator().isLiveObject(off)) {
        problems.add(
            "reachable object 0x" + Long.toHexString(off) + " is not allocated (used after free?)");
      }
    }
    return new VerifyReport(reachable, problems);
  }
}

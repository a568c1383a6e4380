package org.jnvm.core.heap;

import java.util.ArrayList;
import java.util.List;

/**
 * The objects reachable from the roots of an open heap, by class name: the verifier's mark (a
 * collecting one, that stops at no problem and follows no bad reference), exposed to {@link
 * HeapChecker}s. Reads media only; creates no proxy.
 */
public final class HeapWalk {
  private final Heap heap;
  private final MediaView view;
  private final Bitmap marks;
  private final List<String> problems;

  private HeapWalk(Heap heap, MediaView view, Bitmap marks, List<String> problems) {
    this.heap = heap;
    this.view = view;
    this.marks = marks;
    this.problems = problems;
  }

  /** Marks {@code heap} from its roots and class registry. */
  public static HeapWalk of(Heap heap) {
    HeapGeometry g = heap.geometry();
    MediaView view = new MediaView(heap.base(), g, heap.allocator().reservedChunks());
    view.classes = heap.classes().infos();
    Bitmap marks = new Bitmap(view.granules());
    Marker m = new Marker(view, marks, true);
    long sb = heap.base();
    m.mark(new long[] {SuperblockLayout.rootsOffset(sb), SuperblockLayout.registryOffset(sb)}, 1);
    return new HeapWalk(heap, view, marks, m.problems());
  }

  /** What the mark found wrong (bad references it did not follow). */
  public List<String> problems() {
    return problems;
  }

  /** File offsets of the reachable objects whose persisted class name is {@code className}. */
  public List<Long> objectsOf(String className) {
    List<Long> out = new ArrayList<>();
    long data = heap.geometry().dataOffset();
    for (long bit = marks.nextSet(0); bit >= 0; bit = marks.nextSet(bit + 1)) {
      long off = data + bit * 64;
      ClassInfo c = view.classOf(ObjectLayout.classId(heap.base() + off));
      if (c != null && c.name().equals(className)) out.add(off);
    }
    return out;
  }

  /** File offsets of the reachable objects whose class id is {@code id}. */
  LongStack objectsOf(int id) {
    LongStack out = new LongStack(16);
    long data = heap.geometry().dataOffset();
    for (long bit = marks.nextSet(0); bit >= 0; bit = marks.nextSet(bit + 1)) {
      long off = data + bit * 64;
      if (ObjectLayout.classId(heap.base() + off) == id) out.push(off);
    }
    return out;
  }

  /** Bytes the slot of the reachable object at {@code offset} holds, header included. */
  long capacity(long offset) {
    return view.capacity(offset);
  }

  /** The persisted class name of the object at {@code offset}, or why it is not an object. */
  public String classNameAt(long offset) {
    String p = view.objectProblem(offset);
    if (p != null) return "<" + p + ">";
    return view.classOf(ObjectLayout.classId(heap.base() + offset)).name();
  }
}

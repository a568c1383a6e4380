package org.jnvm.core.heap;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.jnvm.core.pmem.Pmem;

/**
 * What {@code jnvm check} and {@code jnvm info} can read of a heap whose superblock is sound but
 * that does not open (recovery's strict mark or the registry stopped at a problem): the superblock,
 * the root entries, and every problem a collecting mark finds. Maps the file read-only, creates no
 * proxy, writes nothing.
 */
final class DamagedHeap implements AutoCloseable {
  private final HeapFile file;
  private final MediaView view;
  private final List<String> problems = new ArrayList<>();
  private long reachable;

  private DamagedHeap(HeapFile file) {
    this.file = file;
    this.view = new MediaView(file.base(), file.geometry, file.reservation.chunks());
  }

  /**
   * Opens {@code path} read-only.
   *
   * @throws org.jnvm.core.JnvmException if the file is not readable as a heap (superblock, size,
   *     lock): then nothing can be listed
   */
  static DamagedHeap open(Path path) {
    return new DamagedHeap(HeapFile.open(path, true, false, 0));
  }

  /** Loads the class registry (builtins only if it is damaged), then marks collecting problems. */
  DamagedHeap inspect() {
    long sb = file.base();
    loadClasses();
    Bitmap marks = new Bitmap(view.granules());
    Marker m = new Marker(view, marks, true);
    reachable =
        m.mark(
            new long[] {SuperblockLayout.rootsOffset(sb), SuperblockLayout.registryOffset(sb)}, 1);
    problems.addAll(m.problems());
    return this;
  }

  private void loadClasses() {
    try {
      view.classes =
          ClassRegistry.load(null, view, SuperblockLayout.registryOffset(file.base())).infos();
    } catch (RuntimeException e) {
      problems.add("class registry unreadable, user classes unknown: " + e.getMessage());
    }
  }

  List<String> problems() {
    return problems;
  }

  long reachable() {
    return reachable;
  }

  /** The superblock's fields and every root entry, each with what is wrong with it. */
  String describe() {
    long sb = file.base();
    HeapGeometry g = file.geometry;
    StringBuilder s = new StringBuilder();
    s.append("file            ").append(file.path).append('\n');
    s.append("format          ")
        .append(SuperblockLayout.major(sb))
        .append('.')
        .append(SuperblockLayout.minor(sb))
        .append('\n');
    s.append("created         ")
        .append(Instant.ofEpochMilli(SuperblockLayout.createdMillis(sb)))
        .append('\n');
    s.append("maximum size    ").append(g.heapSize()).append(" bytes\n");
    s.append("reserved        ").append(file.reservation.bytes()).append(" bytes (");
    s.append(file.reservation.chunks()).append(" of ").append(g.chunkCount()).append(" chunks of ");
    s.append(g.chunkSize()).append(" bytes)\n");
    s.append("chunk table     @0x").append(Long.toHexString(g.tableOffset())).append('\n');
    s.append("data            @0x").append(Long.toHexString(g.dataOffset())).append('\n');
    s.append("root segment    @0x").append(Long.toHexString(SuperblockLayout.rootsOffset(sb)));
    s.append('\n');
    s.append("registry        @0x").append(Long.toHexString(SuperblockLayout.registryOffset(sb)));
    s.append('\n');
    loadClasses();
    s.append("roots (as on media, the heap does not open):\n");
    roots(s);
    return s.toString();
  }

  private void roots(StringBuilder s) {
    long seg = SuperblockLayout.rootsOffset(file.base());
    Set<Long> seen = new HashSet<>();
    while (seg != 0) {
      try {
        ClassRegistry.requireSegment(view, seg, Builtins.ROOT_SEGMENT, "root segment", seen);
      } catch (HeapCorruptException e) {
        s.append("  ").append(e.getMessage()).append('\n');
        return;
      }
      long at = view.base + seg;
      for (int i = 0; i < RootSegmentLayout.ENTRIES; i++) entry(s, RootSegmentLayout.entry(at, i));
      seg = RootSegmentLayout.next(at);
    }
  }

  private void entry(StringBuilder s, long e) {
    long name = RootSegmentLayout.name(e);
    if (name == 0) return;
    long value = RootSegmentLayout.value(e);
    String np = view.objectProblem(name);
    if (np == null && ObjectLayout.classId(view.base + name) != Builtins.BYTES) np = "not bytes";
    s.append("  ").append(np == null ? decode(view.base + name) : "<bad name: " + np + ">");
    s.append(" -> 0x").append(Long.toHexString(value));
    String vp = value == 0 ? null : view.objectProblem(value);
    if (vp != null) s.append("  BAD: ").append(vp);
    else if (value != 0) {
      ClassInfo c = view.classOf(ObjectLayout.classId(view.base + value));
      s.append(" ").append(c == null ? "?" : c.name());
    }
    s.append('\n');
  }

  private static String decode(long nameObj) {
    byte[] b = new byte[Math.min(ObjectLayout.size(nameObj), 256)];
    Pmem.read(nameObj + ObjectLayout.HEADER, b, 0, b.length);
    return new String(b, StandardCharsets.UTF_8);
  }

  @Override
  public void close() {
    file.close();
  }
}

package org.jnvm.emulation.crash;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.SplittableRandom;
import org.jnvm.core.pmem.Mapping;
import org.jnvm.core.pmem.Pmem;

/**
 * One armed crash simulation over one heap mapping.
 *
 * <p>State: {@code media}, the durable image (what survives a crash for sure), and the dirty lines
 * with their versions. A store adds a version to its lines; a write-back marks a line's newest
 * version as written back; a fence first explores the crash point just before it takes effect, then
 * moves written-back versions into media.
 *
 * <p>Events are serialized on this object; while images are being checked ({@code exploring})
 * events from the image heaps are ignored, as they are outside the tracked range anyway.
 */
final class Session {
  private final String name;
  private final CrashConfig cfg;
  private final ImageChecker checker;
  private final boolean exploreEnabled;
  private Path armedFile;
  private boolean tracking;
  private long base;
  private long size;
  private byte[] media;
  private final HashMap<Long, Line> dirty = new HashMap<>();
  private boolean exploring;

  /** Run at every tracked event (see {@link #reader}); null for none. */
  private Runnable reader;

  private boolean reading;

  /** Bumped by every event that changes the set of possible images. */
  private long state;

  private long lastExploredState = -1;
  private long points;
  private long explored;
  private long images;
  private long stores;
  private long pwbs;
  private long fences;
  private CrashFailure failure;

  Session(String name, CrashConfig cfg, ImageChecker checker) {
    this.name = name;
    this.cfg = cfg;
    this.checker = checker;
    this.exploreEnabled = checker != null;
  }

  /** Starts tracking an open mapping whose current content is taken as durable. */
  synchronized void track(long base, long size) {
    if (size > Integer.MAX_VALUE) throw new IllegalArgumentException("heap too large to simulate");
    this.base = base;
    this.size = size;
    this.media = new byte[(int) size];
    Pmem.read(base, media, 0, (int) size);
    this.tracking = true;
  }

  /**
   * Runs {@code r} at every tracked store (after it), write-back and fence (before its crash
   * point), on the workload's thread: a reader concurrent with the workload, interleaved at every
   * persistent instruction. It must not write persistent memory nor take a lock the workload may
   * hold.
   */
  synchronized void reader(Runnable r) {
    reader = r;
  }

  /** Tracks the next read-write mapping of {@code file} (for a workload that opens the heap). */
  synchronized void armFile(Path file) {
    armedFile = file;
  }

  synchronized void mapped(Mapping m) {
    if (exploring) {
      checker.mapped(m);
      return;
    }
    if (!tracking && armedFile != null && !m.readOnly() && m.file().equals(armedFile)) {
      armedFile = null;
      track(m.base(), m.size());
    }
  }

  synchronized void unmapping(Mapping m) {
    if (tracking && !exploring && m.base() == base) {
      crashPoint();
      tracking = false;
    }
  }

  synchronized void stored(long address, long length) {
    if (exploring) {
      checker.stored(address, length);
      return;
    }
    long from = address - base;
    if (!tracking || from < 0 || from >= size) return;
    if (reading)
      throw new IllegalStateException("a concurrent reader stored at 0x" + Long.toHexString(from));
    stores++;
    state++;
    long last = Math.min(from + length, size) - 1;
    for (long line = from >>> 6; line <= last >>> 6; line++) {
      Line l = dirty.get(line);
      if (l == null) {
        int at = (int) (line << 6);
        l = new Line(line, Arrays.copyOfRange(media, at, at + Pmem.LINE));
        dirty.put(line, l);
      }
      byte[] snapshot = new byte[Pmem.LINE];
      Pmem.read(base + (line << 6), snapshot, 0, Pmem.LINE);
      l.store(snapshot);
    }
    read();
  }

  synchronized void pwb(long address) {
    long off = address - base;
    if (!tracking || exploring || reading || off < 0 || off >= size) return;
    read();
    pwbs++;
    Line l = dirty.get(off >>> 6);
    if (l != null) {
      l.writeBack();
      if (cfg.model() == CrashModel.FLUSH_ONLY) state++; // EVICTION images ignore write-backs
    }
    if (cfg.crashAtPwb()) crashPoint();
  }

  synchronized void fence() {
    if (!tracking || exploring || reading) return;
    read();
    fences++;
    crashPoint();
    applyFence();
  }

  /**
   * The crash point after the workload's last event. Always explored, even when no event changed
   * the possible images since the last explored point: the workload's acknowledgements since then
   * change what the check expects (an operation that stored nothing, or whose lines were never
   * written back, is caught here).
   */
  synchronized void finish() {
    lastExploredState = -1;
    if (tracking) crashPoint();
    tracking = false;
  }

  synchronized CrashFailure failure() {
    return failure;
  }

  synchronized CrashStats stats(long nanos) {
    return new CrashStats(name, cfg.model(), points, explored, images, stores, pwbs, fences, nanos);
  }

  private void read() {
    if (reader == null || reading) return;
    reading = true;
    try {
      reader.run();
    } finally {
      reading = false;
    }
  }

  private void applyFence() {
    var it = dirty.values().iterator();
    while (it.hasNext()) {
      Line l = it.next();
      if (l.writtenBack() < 0) continue;
      boolean clean = l.fence();
      System.arraycopy(l.version(0), 0, media, (int) (l.index << 6), Pmem.LINE);
      state++;
      if (clean) it.remove();
    }
  }

  private void crashPoint() {
    points++;
    if (!exploreEnabled || failure != null || !cfg.selects(points)) return;
    if (state == lastExploredState) return; // the same images were checked at the last point
    lastExploredState = state;
    List<Line> lines = new ArrayList<>();
    for (Line l : dirty.values()) if (l.choices(cfg.model()).length > 1) lines.add(l);
    lines.sort((a, b) -> Long.compare(a.index, b.index));
    explore(lines);
  }

  private void explore(List<Line> lines) {
    explored++;
    int[][] choices = new int[lines.size()][];
    for (int i = 0; i < choices.length; i++) choices[i] = lines.get(i).choices(cfg.model());
    SplittableRandom rnd = new SplittableRandom(cfg.seed() ^ (points * 0x9E3779B97F4A7C15L));
    List<int[]> plan = ImagePlanner.plan(choices, cfg, rnd);
    if (plan.isEmpty()) {
      throw new IllegalStateException(
          "no image planned at crash point "
              + points
              + " of '"
              + name
              + "': lines="
              + lines.size());
    }
    byte[] image = media.clone();
    List<Integer> applied = new ArrayList<>();
    exploring = true;
    try {
      for (int k = 0; k < plan.size(); k++) {
        build(image, lines, choices, plan.get(k), applied);
        Throwable t = checker.check(image);
        images++;
        if (t != null) {
          failure = describe(t, lines, choices, plan.get(k), k, plan.size());
          throw failure;
        }
      }
    } finally {
      exploring = false;
    }
  }

  /** Turns the previous image into this one: undo the lines it changed, apply this pick. */
  private void build(
      byte[] image, List<Line> lines, int[][] choices, int[] pick, List<Integer> applied) {
    for (int i : applied) {
      int at = (int) (lines.get(i).index << 6);
      System.arraycopy(media, at, image, at, Pmem.LINE);
    }
    applied.clear();
    for (int i = 0; i < pick.length; i++) {
      int version = choices[i][pick[i]];
      if (version > 0) {
        Line l = lines.get(i);
        System.arraycopy(l.version(version), 0, image, (int) (l.index << 6), Pmem.LINE);
        applied.add(i);
      }
    }
  }

  private static boolean internal(String cls) {
    return cls.startsWith("org.jnvm.core.pmem.")
        || cls.equals(Session.class.getName())
        || cls.equals(CrashSimBackend.class.getName());
  }

  private CrashFailure describe(
      Throwable t, List<Line> lines, int[][] choices, int[] pick, int k, int of) {
    StringBuilder s = new StringBuilder();
    s.append("crash test '")
        .append(name)
        .append("' failed at crash point ")
        .append(points)
        .append(" (")
        .append(cfg.model())
        .append(" model), image ")
        .append(k + 1)
        .append(" of ")
        .append(of)
        .append(": ")
        .append(t)
        .append('\n');
    s.append("  lines beyond media in this image (offset: version/versions):");
    int shown = 0;
    for (int i = 0; i < pick.length; i++) {
      Line l = lines.get(i);
      int v = choices[i][pick[i]];
      if (v > 0 && shown++ < 32) {
        s.append(" 0x")
            .append(Long.toHexString(l.index << 6))
            .append(':')
            .append(v)
            .append('/')
            .append(l.count() - 1)
            .append(l.writtenBack() == v ? "(wb)" : "");
      }
    }
    if (shown == 0) s.append(" none (media only)");
    s.append("\n  dirty lines not in this image: ").append(dirty.size() - shown);
    s.append("\n  stack at the crash point:");
    StackTraceElement[] st = new Throwable().getStackTrace();
    for (int i = 0, n = 0; i < st.length && n < 14; i++) {
      if (internal(st[i].getClassName())) continue;
      s.append("\n    at ").append(st[i]);
      n++;
    }
    s.append("\n  reproduce: config.withSeed(0x")
        .append(Long.toHexString(cfg.seed()))
        .append("L).withOnlyPoint(")
        .append(points)
        .append(")");
    return new CrashFailure(s.toString(), points, cfg.seed(), t);
  }
}

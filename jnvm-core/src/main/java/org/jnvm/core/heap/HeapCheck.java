package org.jnvm.core.heap;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;
import org.jnvm.core.JnvmException;

/**
 * The health check behind {@code jnvm check}: opens a heap read-only (no log replay, nothing
 * written), and lists every problem rather than the first.
 *
 * <ol>
 *   <li>Not readable as a heap (missing, a directory, bad superblock, locked): {@link
 *       Result#readable()} false, the reason as the only problem; nothing else can be said.
 *   <li>Opens: the core verifier, then every {@link HeapChecker} found by {@link ServiceLoader}
 *       (the layers' own checks), each problem prefixed with the checker's name.
 *   <li>Does not open (recovery stopped at a bad reference, the registry is damaged): the reason,
 *       then every problem a collecting mark over the media finds ({@link DamagedHeap}).
 * </ol>
 *
 * A heap left by a crash inside a failure-atomic block holds that block's stores and an ACTIVE (or
 * COMMITTED) log that the next read-write open replays; read as it is, it may hold a record
 * mid-change or a reference the rollback removes. So when a {@link RecoveryParticipant} has
 * {@linkplain RecoveryParticipant#pending pending} work, or the read-only open fails, the check is
 * made on a sparse copy ({@link SparseCopy}, next to the file, deleted after) opened read-write:
 * the heap as its next open will see it. The replayed logs are named in {@link Result#notes()}. A
 * copy that cannot be made (no room) leaves the check on the media as it is, and says so in a note.
 * The file itself is never written.
 */
public final class HeapCheck {
  private HeapCheck() {}

  /**
   * The outcome.
   *
   * @param readable false only if the file cannot be read as a heap at all
   * @param opens whether {@link Heap#open} (read-only) succeeded
   * @param reachable objects reachable from the roots (as far as the mark could follow)
   * @param problems every problem found (capped per source at 100)
   * @param notes how the heap was checked, when not as it is on media (the logs a recovery replays
   *     first), one line each
   */
  public record Result(
      Path file,
      boolean readable,
      boolean opens,
      long reachable,
      List<String> problems,
      List<String> notes) {
    public Result(
        Path file, boolean readable, boolean opens, long reachable, List<String> problems) {
      this(file, readable, opens, reachable, problems, List.of());
    }

    public boolean ok() {
      return readable && problems.isEmpty();
    }

    Result withNotes(Path as, List<String> more) {
      List<String> all = new ArrayList<>(notes);
      all.addAll(more);
      return new Result(as, readable, opens, reachable, problems, all);
    }

    @Override
    public String toString() {
      String n = notes.isEmpty() ? "" : "\n  note: " + String.join("\n  note: ", notes);
      return verdict() + n;
    }

    private String verdict() {
      if (ok()) return "heap OK: " + reachable + " reachable objects, file=" + file;
      return (readable ? "heap has " + problems.size() + " problem(s)" : "not a readable heap")
          + ", file="
          + file
          + ":\n  "
          + String.join("\n  ", problems);
    }
  }

  /** Checks the heap at {@code path} with the core verifier and every registered layer check. */
  public static Result check(Path path) {
    String unreadable = unreadable(path);
    if (unreadable != null) return new Result(path, false, false, 0, List.of(unreadable));
    List<String> pending;
    try (Heap heap =
        Heap.open(path, HeapOptions.DEFAULT.withReadOnly(true).withBackgroundRecovery(false))) {
      pending = Recovery.pending(heap);
      if (pending.isEmpty()) return checkOpen(heap);
    } catch (LayoutMismatchException e) {
      return checkDamaged(path, e);
    } catch (HeapCorruptException e) {
      Result recovered = checkRecovered(path, List.of());
      return recovered != null && recovered.ok() ? recovered : checkDamaged(path, e);
    } catch (JnvmException e) {
      return new Result(path, false, false, 0, List.of(e.getMessage()));
    }
    Result recovered = checkRecovered(path, pending);
    return recovered != null ? recovered : checkAsIs(path, pending);
  }

  /**
   * The check of a read-write opened copy of {@code path} (its logs replayed, as its next open will
   * do), reported under {@code path}; null if no copy could be made or it does not open.
   */
  private static Result checkRecovered(Path path, List<String> pending) {
    Path copy =
        path.resolveSibling(
            path.getFileName()
                + ".check-"
                + ProcessHandle.current().pid()
                + "-"
                + System.nanoTime());
    try {
      SparseCopy.copy(path, copy, "recovery copy");
      try (Heap heap = Heap.open(copy, HeapOptions.DEFAULT.withBackgroundRecovery(false))) {
        List<String> notes = new ArrayList<>();
        String replayed = heap.recoveryReport().participants();
        notes.add(
            "checked as its next read-write open will see it (a copy, replayed: "
                + (replayed.isEmpty() ? "nothing" : replayed)
                + ")");
        for (String p : pending) notes.add("pending at the crash: " + p);
        return checkOpen(heap).withNotes(path, notes);
      }
    } catch (JnvmException e) {
      return null;
    } finally {
      try {
        Files.deleteIfExists(copy);
      } catch (java.io.IOException e) {
        // a leftover copy is named .check-<pid>-...: harmless, and deleting it is the user's call
      }
    }
  }

  /** The check of the media as they are, when no recovered copy could be made. */
  private static Result checkAsIs(Path path, List<String> pending) {
    List<String> notes = new ArrayList<>();
    notes.add(
        "checked as on media (no room for a recovered copy): problems may be the in-flight state"
            + " of the blocks pending below, which the next read-write open replays");
    for (String p : pending) notes.add("pending at the crash: " + p);
    try (Heap heap =
        Heap.open(path, HeapOptions.DEFAULT.withReadOnly(true).withBackgroundRecovery(false))) {
      return checkOpen(heap).withNotes(path, notes);
    } catch (JnvmException e) {
      return new Result(path, true, false, 0, List.of("does not open: " + e.getMessage()), notes);
    }
  }

  /** The core verifier and the layers' checks on an open heap. */
  public static Result checkOpen(Heap heap) {
    VerifyReport core = heap.verify();
    List<String> problems = new ArrayList<>(core.problems());
    ClassLayoutCheck.check(heap, problems);
    if (problems.isEmpty()) {
      HeapWalk walk = HeapWalk.of(heap);
      MigrationCheck.check(heap, walk, problems);
      for (HeapChecker c : ServiceLoader.load(HeapChecker.class)) {
        try {
          c.check(heap, walk, p -> problems.add(c.name() + ": " + p));
        } catch (RuntimeException e) {
          problems.add(c.name() + ": check stopped: " + e);
        }
      }
    }
    return new Result(heap.file(), true, true, core.reachable(), problems);
  }

  /** Superblock, geometry and root entries of a heap that may not open, or null if unreadable. */
  public static String describeDamaged(Path path) {
    try (DamagedHeap d = DamagedHeap.open(path)) {
      return d.describe();
    } catch (JnvmException e) {
      return null;
    }
  }

  private static Result checkDamaged(Path path, JnvmException why) {
    try (DamagedHeap d = DamagedHeap.open(path)) {
      d.inspect();
      List<String> problems = new ArrayList<>();
      problems.add("does not open: " + why.getMessage());
      for (String p : d.problems()) if (!why.getMessage().contains(p)) problems.add(p);
      return new Result(path, true, false, d.reachable(), problems);
    } catch (JnvmException e) {
      return new Result(path, false, false, 0, List.of(e.getMessage()));
    }
  }

  private static String unreadable(Path path) {
    if (Files.isDirectory(path)) return "is a directory, not a heap file: file=" + path;
    if (!Files.exists(path)) return "no such file: file=" + path;
    if (!Files.isReadable(path)) return "file not readable: file=" + path;
    return null;
  }
}

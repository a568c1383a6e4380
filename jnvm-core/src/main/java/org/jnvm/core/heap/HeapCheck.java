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
   */
  public record Result(
      Path file, boolean readable, boolean opens, long reachable, List<String> problems) {
    public boolean ok() {
      return readable && problems.isEmpty();
    }

    @Override
    public String toString() {
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
    try (Heap heap =
        Heap.open(path, HeapOptions.DEFAULT.withReadOnly(true).withBackgroundRecovery(false))) {
      return checkOpen(heap);
    } catch (HeapCorruptException | LayoutMismatchException e) {
      return checkDamaged(path, e);
    } catch (JnvmException e) {
      return new Result(path, false, false, 0, List.of(e.getMessage()));
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

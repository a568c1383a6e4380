package org.jnvm.infinispan.cluster;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.Set;
import java.util.TreeSet;

/**
 * What a node's heap knows about the other copies of its cluster, kept durably beside the heap
 * ({@code HEAP.ledger}), for the whole-cluster restart to tell current heaps from stale ones:
 *
 * <pre>
 *   stale=jnvm-0,jnvm-2     ring members that missed a write this node applied to a segment
 *                           they own in the complete ring (they were not in the topology)
 *   receiving=true          this node gained segments whose state transfer had not completed
 * </pre>
 *
 * <p>Invariants the restart relies on ({@link StaleMarker} keeps them):
 *
 * <ul>
 *   <li>a member is added to {@code stale} before this node applies the first write it misses, and
 *       removed only once a stable topology (no rebalance, cache available) has it as a member: it
 *       then holds every segment it owns completely;
 *   <li>{@code receiving} is set before the topology that gives new segments is installed, and
 *       cleared once a stable topology is installed.
 * </ul>
 *
 * A heap with no ledger (a node that never ran clustered, or a format before it) knows nothing
 * stale. Every change is written to a temporary file, forced, and renamed over the ledger, so a
 * crash leaves the old or the new ledger, never a torn one.
 */
public final class RestartLedger {
  private final Path file;
  private final Set<String> stale;
  private final boolean receiving;

  private RestartLedger(Path file, Set<String> stale, boolean receiving) {
    this.file = file;
    this.stale = Set.copyOf(stale);
    this.receiving = receiving;
  }

  /** The ledger of the heap at {@code heap}: {@code heap.ledger}. */
  public static Path fileOf(Path heap) {
    return heap.resolveSibling(heap.getFileName() + ".ledger");
  }

  /** Reads the ledger of {@code heap}; an empty one where there is none. */
  public static RestartLedger read(Path heap) {
    Path f = fileOf(heap);
    String text;
    try {
      text = Files.readString(f, StandardCharsets.UTF_8);
    } catch (NoSuchFileException e) {
      return new RestartLedger(f, Set.of(), false);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the restart ledger " + f + ": " + e, e);
    }
    Set<String> stale = new TreeSet<>();
    boolean receiving = false;
    for (String line : text.split("\n")) {
      int eq = line.indexOf('=');
      if (eq < 0) continue;
      String k = line.substring(0, eq).trim();
      String v = line.substring(eq + 1).trim();
      if (k.equals("stale") && !v.isEmpty()) stale.addAll(Arrays.asList(v.split(",")));
      else if (k.equals("receiving")) receiving = Boolean.parseBoolean(v);
    }
    return new RestartLedger(f, stale, receiving);
  }

  /** Ring members this heap saw miss a write. */
  public Set<String> stale() {
    return stale;
  }

  /** True if this heap was receiving segments when it last stopped. */
  public boolean receiving() {
    return receiving;
  }

  RestartLedger withStale(Set<String> s) {
    return new RestartLedger(file, s, receiving);
  }

  RestartLedger withReceiving(boolean r) {
    return new RestartLedger(file, stale, r);
  }

  /** Writes this ledger durably (temporary file forced, renamed, directory forced). */
  void write() {
    Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
    String text =
        "stale=" + String.join(",", new TreeSet<>(stale)) + "\nreceiving=" + receiving + "\n";
    try (FileChannel ch =
        FileChannel.open(
            tmp,
            StandardOpenOption.CREATE,
            StandardOpenOption.TRUNCATE_EXISTING,
            StandardOpenOption.WRITE)) {
      ch.write(java.nio.ByteBuffer.wrap(text.getBytes(StandardCharsets.UTF_8)));
      ch.force(true);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write the restart ledger " + tmp + ": " + e, e);
    }
    try {
      Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    } catch (AtomicMoveNotSupportedException e) {
      throw new UncheckedIOException("the file system of " + file + " cannot rename atomically", e);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot replace the restart ledger " + file + ": " + e, e);
    }
    forceDirectory(file.getParent());
  }

  private static void forceDirectory(Path dir) {
    try (FileChannel ch = FileChannel.open(dir, StandardOpenOption.READ)) {
      ch.force(true);
    } catch (IOException e) {
      // some file systems (tmpfs among them) cannot open a directory for force: nothing to do
    }
  }
}

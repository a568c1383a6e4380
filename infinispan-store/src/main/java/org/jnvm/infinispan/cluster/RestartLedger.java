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
import java.util.BitSet;
import java.util.Set;
import java.util.TreeSet;

/**
 * What a node's heap knows about the other copies of its cluster, kept durably beside the heap
 * ({@code HEAP.ledger}), for the whole-cluster restart to tell current copies from stale ones:
 *
 * <pre>
 *   stale=jnvm-0,jnvm-2     ring members that missed a write this node applied or acknowledged,
 *                           to a segment they own (for readers of the first format: whole nodes)
 *   stale.jnvm-0=0-12,40    the segments each of them missed ({@link StaleMap}; '*': all)
 *   stale.jnvm-2=7
 *   holds=0-12,40           segments this node's own copy is current in although it owns them
 *                           only while a complete-ring owner is away (a filler owner), or
 *                           although a co-owner missed writes: it was a write owner, in the view,
 *                           when it marked the others
 *   receiving=true          this node gained segments whose state transfer had not completed
 * </pre>
 *
 * <p>Invariants the restart relies on ({@link StaleMarker} keeps them):
 *
 * <ul>
 *   <li>a member is marked stale in a segment before this node applies, or acknowledges, the first
 *       write to it that the member misses, and the mark is removed only once a stable topology (no
 *       rebalance, cache available) has the member as a member: it then holds every segment it owns
 *       completely;
 *   <li>a segment enters {@code holds} before the write that makes this copy the only current one
 *       is applied or acknowledged (with the marks), and leaves it before this node drops its copy
 *       (the segment removed, or a stale copy dropped);
 *   <li>{@code receiving} is set before the topology that gives new segments is installed, and
 *       cleared once a stable topology is installed.
 * </ul>
 *
 * A heap with no ledger (a node that never ran clustered, or a format before it) knows nothing
 * stale; a {@code stale=} name with no {@code stale.NAME=} line (the first format) is stale in
 * every segment. Every change is written to a temporary file, forced, and renamed over the ledger,
 * so a crash leaves the old or the new ledger, never a torn one.
 *
 * <p>What the tests cannot see: the forces (the file's, then its directory's after the rename)
 * matter only when the machine loses power with the ledger on a disk or a DAX file system. A
 * SIGKILL keeps the page cache, and on tmpfs (where the tests' heaps and ledgers live) a force does
 * nothing, so no test here fails without them; they are kept for the real deployment, where the
 * ledger sits beside a heap on persistent memory and must survive what the heap survives.
 */
public final class RestartLedger {
  private final Path file;
  private final StaleMap stale;
  private final BitSet holds;
  private final boolean receiving;

  private RestartLedger(Path file, StaleMap stale, BitSet holds, boolean receiving) {
    this.file = file;
    this.stale = stale;
    this.holds = (BitSet) holds.clone();
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
      return new RestartLedger(f, StaleMap.EMPTY, new BitSet(), false);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the restart ledger " + f + ": " + e, e);
    }
    Set<String> named = new TreeSet<>();
    StaleMap stale = StaleMap.EMPTY;
    BitSet holds = new BitSet();
    boolean receiving = false;
    for (String line : text.split("\n")) {
      int eq = line.indexOf('=');
      if (eq < 0) continue;
      String k = line.substring(0, eq).trim();
      String v = line.substring(eq + 1).trim();
      if (k.equals("stale") && !v.isEmpty()) named.addAll(Arrays.asList(v.split(",")));
      else if (k.startsWith("stale.")) stale = stale.with(k.substring(6), v);
      else if (k.equals("holds")) holds = StaleMap.parseRanges(v);
      else if (k.equals("receiving")) receiving = Boolean.parseBoolean(v);
    }
    for (String n : named) if (!stale.members().contains(n)) stale = stale.withAll(n);
    return new RestartLedger(f, stale, holds, receiving);
  }

  /** The segments of ring members this heap saw miss a write. */
  public StaleMap stale() {
    return stale;
  }

  /** Segments whose current copy this heap holds while another owner's is stale (a copy of it). */
  public BitSet holds() {
    return (BitSet) holds.clone();
  }

  /** True if this heap was receiving segments when it last stopped. */
  public boolean receiving() {
    return receiving;
  }

  RestartLedger withStale(StaleMap s) {
    return new RestartLedger(file, s, holds, receiving);
  }

  RestartLedger withHolds(BitSet h) {
    return new RestartLedger(file, stale, h, receiving);
  }

  RestartLedger withReceiving(boolean r) {
    return new RestartLedger(file, stale, holds, r);
  }

  /** Writes this ledger durably (temporary file forced, renamed, directory forced). */
  void write() {
    Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
    StringBuilder text = new StringBuilder("stale=" + String.join(",", stale.members()) + "\n");
    stale
        .lines()
        .forEach(
            (member, segments) ->
                text.append("stale.").append(member).append('=').append(segments).append('\n'));
    if (!holds.isEmpty()) text.append("holds=").append(StaleMap.ranges(holds)).append('\n');
    text.append("receiving=").append(receiving).append('\n');
    try (FileChannel ch =
        FileChannel.open(
            tmp,
            StandardOpenOption.CREATE,
            StandardOpenOption.TRUNCATE_EXISTING,
            StandardOpenOption.WRITE)) {
      ch.write(java.nio.ByteBuffer.wrap(text.toString().getBytes(StandardCharsets.UTF_8)));
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

package org.jnvm.jpfa;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.jnvm.core.heap.Heap;
import org.jnvm.core.heap.HeapChecker;
import org.jnvm.core.heap.HeapWalk;

/**
 * J-PFA's checks for {@code jnvm check}: the checks log replay makes ({@link MediaLog}), run
 * read-only on every log, IDLE or not, so a damaged log is reported by {@code check} instead of
 * failing the next read-write open. Every log's header and segment chain are checked; a log left
 * ACTIVE or COMMITTED by a crash is normal (the next read-write open replays it) and is not a
 * problem, but its state word must name a known state.
 */
public final class LogChecker implements HeapChecker {
  @Override
  public String name() {
    return "jpfa logs";
  }

  /** Logs stand on the core only, and the layers above read what their replay left. */
  @Override
  public int layer() {
    return 0;
  }

  /**
   * When any log is damaged (its chain, a segment chain, its state), drops the whole log chain: the
   * hidden root is removed (the logs become garbage for the next open's sweep) and the next block
   * makes new logs. Every intact log was replayed by the repair's own open and is IDLE; a damaged
   * one could not be, so a block it held, if one was running at the crash, is neither rolled back
   * nor kept: that is listed as lost. A log chain with no damage is left alone.
   */
  @Override
  public void repair(Heap heap, HeapWalk reachable, Consumer<String> fixed, Consumer<String> lost) {
    List<String> damage = new ArrayList<>();
    check(heap, reachable, damage::add);
    if (damage.isEmpty() || !heap.roots().exists(LogHeaderLayout.ROOT)) return;
    heap.roots().remove(LogHeaderLayout.ROOT);
    lost.accept(
        "log chain dropped, new logs are made by the next block ("
            + String.join("; ", damage)
            + "): a block a damaged log held, if one was running at the crash, is neither rolled"
            + " back nor kept");
  }

  @Override
  public void check(Heap heap, HeapWalk reachable, Consumer<String> problems) {
    Iterable<MediaLog> logs;
    try {
      logs = MediaLog.all(heap);
    } catch (RuntimeException e) {
      problems.accept("log chain: " + e.getMessage());
      return;
    }
    for (MediaLog l : logs) {
      String where = "log 0x" + Long.toHexString(l.offset);
      int s = l.state();
      if (s != CommitRecordLayout.IDLE
          && s != CommitRecordLayout.ACTIVE
          && s != CommitRecordLayout.COMMITTED) {
        problems.accept(where + ": state " + s + " is none of IDLE, ACTIVE, COMMITTED");
      }
      try {
        l.loadSegments();
      } catch (RuntimeException e) {
        problems.accept(where + " segments: " + e.getMessage());
      }
    }
  }
}

package org.jnvm.jpfa;

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

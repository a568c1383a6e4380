package org.jnvm.emulation.kill;

import java.nio.file.Path;
import org.jnvm.core.heap.BackgroundHooks;
import org.jnvm.core.heap.Heap;
import org.jnvm.core.heap.HeapOptions;
import org.jnvm.core.heap.VerifyReport;

/**
 * The background-recovery kill test's child: opens the heap with recovery's mark and sweep in the
 * background, slowed ({@link BackgroundHooks#slowMark}) so that its operations, each a move of a
 * reference, an allocation or a free, race the mark; the kill falls in the mark or soon after. Once
 * the sweep is done it stops between two operations and verifies the running heap (a live object
 * freed by the sweep would show as a reachable object not allocated), exiting with status 3 if it
 * does not verify (the harness then fails: a child must not exit on its own).
 */
public final class BackgroundListWorkload {
  private BackgroundListWorkload() {}

  public static void main(String[] args) {
    KillChild.begin();
    BackgroundHooks.slowMark(64, 1_000_000);
    HeapOptions o = HeapOptions.DEFAULT.withBackgroundRecovery(true);
    try (Heap heap = Heap.open(Path.of(args[0]), o)) {
      KillList list = KillList.recover(heap);
      boolean verified = false;
      for (long n = list.done() + 1; ; n++) {
        list.apply(n);
        KillChild.ack(n);
        if (!verified && heap.recovered()) {
          VerifyReport v = heap.verify();
          if (!v.ok()) {
            System.out.println("background recovery left a bad heap: " + v);
            System.out.flush();
            Runtime.getRuntime().halt(3);
          }
          verified = true;
        }
      }
    }
  }
}

package org.jnvm.emulation.kill;

import java.nio.file.Path;
import org.jnvm.core.heap.Heap;

/**
 * The kill test's child: opens (and so recovers) the heap, settles the list's counter, then
 * performs operations until it is killed, acknowledging each once it is durable.
 */
public final class ListWorkload {
  private ListWorkload() {}

  public static void main(String[] args) {
    KillChild.begin();
    try (Heap heap = Heap.open(Path.of(args[0]))) {
      KillList list = KillList.recover(heap);
      for (long n = list.done() + 1; ; n++) {
        list.apply(n);
        KillChild.ack(n);
      }
    }
  }
}

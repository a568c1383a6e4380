package org.jnvm.infinispan;

import org.jnvm.core.heap.Heap;
import org.jnvm.core.heap.HeapCorruptException;
import org.jnvm.core.heap.PObject;
import org.jnvm.core.heap.PersistentClass;
import org.jnvm.core.pmem.Pmem;

/**
 * The commit slots of one cache's store, bound to the heap root {@code jnvm.infinispan-tx.<cache>}:
 * a transaction commits by storing its {@link TxIntent} into a free slot (one 8-byte durable store:
 * the commit point), applies it to the segment maps, then empties the slot. A slot that is not
 * empty at start belongs to a transaction that committed and may be partly applied: it is replayed.
 *
 * <pre>
 *   payload 0        8        16             8 * SLOTS
 *   +--------+--------+-----+--------------+
 *   | slot 0 | slot 1 | ... | slot SLOTS-1 |   each: a TxIntent ref, 0 when free
 *   | ref    | ref    |     | ref          |
 *   +--------+--------+-----+--------------+
 * </pre>
 *
 * Which slots are free is volatile state that {@link Transactions} keeps (after replay at start,
 * every slot is free).
 */
final class TxSlots extends PObject {
  static final int SLOTS = 64;
  static final String ROOT_PREFIX = "jnvm.infinispan-tx.";

  static final PersistentClass<TxSlots> TYPE =
      PersistentClass.builder("org.jnvm.infinispan.TxSlots", (h, a) -> new TxSlots(h, a, null))
          .refTail(0)
          .layout("slots:ref[]@0")
          .build();

  private TxSlots(Heap heap) {
    super(heap, TYPE, 8L * SLOTS);
  }

  private TxSlots(Heap heap, long address, Resurrect r) {
    super(heap, address, r);
  }

  /** The root name of the slots of {@code cache}. */
  static String rootName(String cache) {
    return ROOT_PREFIX + cache;
  }

  /** The slots of {@code cache}, created (zeroed, durable, then named) on first use. */
  static TxSlots openOrCreate(Heap heap, String cache) {
    PObject found = heap.roots().get(rootName(cache));
    if (found == null) {
      TxSlots s = new TxSlots(heap);
      heap.roots().put(rootName(cache), s); // writes s back and fences before naming it
      return s;
    }
    if (!(found instanceof TxSlots s) || s.payloadSize() != 8L * SLOTS) {
      throw new HeapCorruptException(
          "root "
              + rootName(cache)
              + " is not a store's commit slots: "
              + found
              + " file="
              + heap.file());
    }
    return s;
  }

  /** The intent in slot {@code i}, or null. */
  TxIntent intent(int i) {
    PObject p = getRef(8L * i);
    if (p == null || p instanceof TxIntent) return (TxIntent) p;
    throw new HeapCorruptException(
        "commit slot " + i + " holds a " + p + ", not a transaction intent: file=" + heap().file());
  }

  /**
   * The commit point: slot {@code i} references {@code t}, durably. {@code t} was persisted (its
   * fence orders everything it reaches before this store).
   */
  void publish(int i, TxIntent t) {
    setRef(8L * i, t);
    pwbField(8L * i);
    Pmem.pfence();
  }

  /**
   * Empties slot {@code i}, durably: after this fence no restart replays its intent, so the intent
   * may be freed and the keys it changed written by others.
   */
  void clear(int i) {
    setRef(8L * i, null);
    pwbField(8L * i);
    Pmem.pfence();
  }
}

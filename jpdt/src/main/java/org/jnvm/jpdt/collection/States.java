package org.jnvm.jpdt.collection;

import java.util.Iterator;
import java.util.Map;
import java.util.WeakHashMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;
import org.jnvm.core.heap.Heap;

/**
 * The volatile state (index, locks) of each open container, per heap and object offset, so that
 * every proxy of one container shares one state: {@code heap.object(offset)} creates a new proxy
 * each time, and two indexes over one persistent structure would diverge.
 *
 * <p>States of a heap are dropped once it is closed (checked whenever another heap gets its first
 * state), and with it when it is garbage collected. A container opened again after its heap was
 * reopened gets a new state, rebuilt from persistent memory.
 */
final class States {
  private static final Map<Heap, Map<Long, Held>> BY_HEAP = new WeakHashMap<>();

  /** A state and the persistent class of the container it belongs to. */
  private record Held(Object kind, Object state) {}

  private States() {}

  /**
   * The state of the container of class {@code kind} at {@code offset}, built by {@code open}
   * (once, even under concurrent calls) if there is none, or if the one there belonged to another
   * kind of container (the offset was freed and reused). Builds of one heap are serialized on its
   * table, a reentrant lock, since a build may resurrect other containers (keys that are
   * containers).
   */
  static <S> S of(Heap heap, long offset, Object kind, Supplier<S> open) {
    Map<Long, Held> table = tableOf(heap);
    Held h = table.get(offset);
    if (h == null || h.kind != kind) {
      synchronized (table) {
        h = table.get(offset);
        if (h == null || h.kind != kind) {
          h = new Held(kind, open.get());
          table.put(offset, h);
        }
      }
    }
    return cast(h.state);
  }

  /** Records the state of a container just created at {@code offset}, replacing any stale one. */
  static void put(Heap heap, long offset, Object kind, Object state) {
    tableOf(heap).put(offset, new Held(kind, state));
  }

  private static Map<Long, Held> tableOf(Heap heap) {
    synchronized (BY_HEAP) {
      Map<Long, Held> t = BY_HEAP.get(heap);
      if (t == null) {
        dropClosed();
        t = new ConcurrentHashMap<>();
        BY_HEAP.put(heap, t);
      }
      return t;
    }
  }

  private static void dropClosed() {
    for (Iterator<Heap> it = BY_HEAP.keySet().iterator(); it.hasNext(); ) {
      if (it.next().isClosed()) it.remove();
    }
  }

  @SuppressWarnings("unchecked")
  private static <S> S cast(Object o) {
    return (S) o;
  }
}

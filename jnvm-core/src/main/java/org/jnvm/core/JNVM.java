package org.jnvm.core;

import java.nio.file.Path;
import java.util.function.Supplier;
import org.jnvm.core.heap.BlockSupport;
import org.jnvm.core.heap.Heap;
import org.jnvm.core.heap.PObject;
import org.jnvm.core.heap.Roots;

/**
 * The programming model's facade: one default heap per JVM for code that does not pass heaps around
 * (generated {@code @Persistent} classes allocate in it). Everything here delegates to {@link
 * Heap}, which has no static state; open more heaps directly when needed.
 *
 * <pre>{@code
 * JNVM.init("/dev/shm/simple", 1 << 20);       // create, or reopen and recover
 * if (!JNVM.root.exists("simple")) JNVM.root.put("simple", obj);
 * }</pre>
 */
public final class JNVM {
  /** The roots of the default heap. */
  public static final RootView root = new RootView();

  private static volatile Heap heap;

  private JNVM() {}

  /** Opens (recovering) or creates the default heap. Fails if one is already open. */
  public static synchronized Heap init(String path, long size) {
    if (heap != null && !heap.isClosed()) {
      throw new JnvmException(
          "JNVM already initialised: open=" + heap.file() + " requested=" + path);
    }
    heap = Heap.openOrCreate(Path.of(path), size);
    return heap;
  }

  /** The default heap. */
  public static Heap heap() {
    Heap h = heap;
    if (h == null || h.isClosed()) {
      throw new JnvmException("JNVM not initialised: call JNVM.init(path, size) first");
    }
    return h;
  }

  /**
   * Makes {@code h}, already open, the default heap in place of any other (neither is closed), for
   * code that opens its heaps through {@link Heap}, such as crash tests of generated classes;
   * {@link #close} then closes {@code h}. Returns the previous default heap, or null.
   */
  public static synchronized Heap use(Heap h) {
    if (h.isClosed()) throw new JnvmException("cannot use a closed heap: file=" + h.file());
    Heap prior = heap;
    heap = h;
    return prior;
  }

  /**
   * Runs {@code body} as a failure-atomic block on the default heap: after a crash, either all of
   * its persistent stores, allocations and frees happened or none did; an exception aborts it and
   * is rethrown. Needs the jpfa module on the class path ({@code org.jnvm.jpfa.FA} has the full
   * interface: other heaps, checked exceptions, the isolation contract).
   */
  public static void fa(Runnable body) {
    BlockSupport.installed()
        .call(
            heap(),
            () -> {
              body.run();
              return null;
            });
  }

  /** {@link #fa(Runnable)} for a block that returns a value. */
  public static <T> T fa(Supplier<T> body) {
    return BlockSupport.installed().call(heap(), body);
  }

  /** Frees an object of the default heap (see {@link Heap#free}). */
  public static void free(PObject o) {
    o.heap().free(o);
  }

  /** {@link #free(PObject)} for a {@code @Persistent} class as written in source. */
  public static void free(Object o) {
    free(persistent(o));
  }

  /** {@code o} as a persistent object, or a clear error if its class was not transformed. */
  private static PObject persistent(Object o) {
    if (o == null || o instanceof PObject) return (PObject) o;
    throw new NotTransformedException("not a persistent object: class=" + o.getClass().getName());
  }

  /** Closes the default heap; init may be called again. */
  public static synchronized void close() {
    if (heap != null) heap.close();
    heap = null;
  }

  /** {@link Roots} of whatever heap is the default one at call time. */
  public static final class RootView {
    private RootView() {}

    public boolean exists(String name) {
      return roots().exists(name);
    }

    /**
     * The object named {@code name}, or null. Typed for any class, not only {@code PObject}, so
     * that {@code (Simple) JNVM.root.get("simple")} compiles against a {@code @Persistent} class as
     * written (it extends {@code PObject} only once transformed).
     */
    @SuppressWarnings("unchecked")
    public <T> T get(String name) {
      return (T) roots().get(name);
    }

    public void put(String name, PObject value) {
      roots().put(name, value);
    }

    /** {@link #put(String, PObject)} for a {@code @Persistent} class as written in source. */
    public void put(String name, Object value) {
      roots().put(name, persistent(value));
    }

    public boolean remove(String name) {
      return roots().remove(name);
    }

    private static Roots roots() {
      return heap().roots();
    }
  }
}

package org.jnvm.core.pmem;

/**
 * A hook the gateway calls before every persistent store while at least one hook is registered: how
 * a heap whose recovery's mark runs in the background sees every store before it happens (the
 * snapshot barrier of {@code org.jnvm.core.heap.BackgroundRecovery}).
 *
 * <p>Cost: with no hook registered, a store reads one volatile field and branches (a plain load on
 * x86). With {@code -Djnvm.storeBarrier=false} the check folds away entirely, and heaps recover
 * before their open returns instead ({@link #ENABLED}).
 *
 * <p>Every hook is called for every store to any address: a hook filters by address range itself.
 * Hooks must not store to persistent memory (that would recurse) and must be quick.
 */
public final class StoreBarrier {
  /** False with {@code -Djnvm.storeBarrier=false}: no hook can be registered. */
  public static final boolean ENABLED = !"false".equals(System.getProperty("jnvm.storeBarrier"));

  /** Called before a store of {@code length} bytes at {@code address}. */
  @FunctionalInterface
  public interface Hook {
    void beforeStore(long address, long length);
  }

  private static final Hook[] NONE = {};

  /** Registered hooks; replaced (copy on write) under the class lock. */
  private static volatile Hook[] hooks = NONE;

  /** True while {@code hooks} is not empty: the one field a store reads. */
  static volatile boolean armed;

  private StoreBarrier() {}

  /**
   * Registers {@code h}; every store that starts after this returns calls it.
   *
   * @throws IllegalStateException if the barrier is disabled
   */
  public static synchronized void register(Hook h) {
    if (!ENABLED) {
      throw new IllegalStateException("the store barrier is disabled (-Djnvm.storeBarrier=false)");
    }
    Hook[] old = hooks;
    Hook[] n = java.util.Arrays.copyOf(old, old.length + 1);
    n[old.length] = h;
    hooks = n;
    armed = true;
  }

  /** Removes {@code h} (nothing if it is not registered). */
  public static synchronized void unregister(Hook h) {
    Hook[] old = hooks;
    int at = -1;
    for (int i = 0; i < old.length; i++) if (old[i] == h) at = i;
    if (at < 0) return;
    Hook[] n = new Hook[old.length - 1];
    System.arraycopy(old, 0, n, 0, at);
    System.arraycopy(old, at + 1, n, at, n.length - at);
    hooks = n;
    armed = n.length > 0;
  }

  /** The slow path of a store while armed. */
  static void before(long address, long length) {
    for (Hook h : hooks) h.beforeStore(address, length);
  }
}

package org.jnvm.core.pmem;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.invoke.VarHandle;
import java.util.List;

/**
 * The JDK's own writeback intrinsics (JEP 352, JDK 14+): {@code jdk.internal.misc.Unsafe}'s private
 * {@code writeback0} (clwb, clflushopt or clflush, as the JVM detected) and {@code
 * writebackPostSync0} (sfence when the flush instruction is weakly ordered).
 *
 * <p>They are reached through {@link MethodHandles#privateLookupIn}, which needs {@code --add-opens
 * java.base/jdk.internal.misc=ALL-UNNAMED}. The handles are static finals so that C2 treats them as
 * constants and inlines the intrinsic: no JNI, no call.
 *
 * <p>On JDKs after 17, code that C2 did not compile crashes the JVM when it calls them (seen on JDK
 * 25 with {@code -Xint} and {@code -XX:TieredStopAtLevel=1}); such JVMs are refused here so the
 * selector falls back to msync.
 *
 * <p>C2 turns the intrinsics into memory nodes that its anti-dependence analysis does not look
 * through: a load before or after one of them can be scheduled after a later store to the same
 * address, so a read-then-write next to a write-back or fence reads the value it is about to write
 * (seen on JDK 17.0.15 and 25.0.3: {@code pfence(); old = getLong(a); putLong(a, v)} returned
 * {@code v}). Each intrinsic is therefore bracketed by a release and an acquire fence: compiler
 * barriers that keep loads and stores on their side, and emit no instruction on x86.
 */
final class IntrinsicsBackend implements PmemBackend {
  private static final String PROBLEM;
  private static final MethodHandle WRITEBACK;
  private static final MethodHandle POST_SYNC;

  static {
    MethodHandle[] h = new MethodHandle[2];
    PROBLEM = probe(h);
    WRITEBACK = h[0];
    POST_SYNC = h[1];
  }

  private IntrinsicsBackend() {}

  static PmemBackend tryCreate(List<String> refused) {
    if (PROBLEM != null) {
      refused.add(PROBLEM);
      return null;
    }
    return new IntrinsicsBackend();
  }

  private static String probe(MethodHandle[] out) {
    String vm = CompilerCheck.problem();
    if (vm != null) return vm;
    try {
      Class<?> c = Class.forName("jdk.internal.misc.Unsafe");
      MethodHandles.Lookup l = MethodHandles.privateLookupIn(c, MethodHandles.lookup());
      Class<?> constants = Class.forName("jdk.internal.misc.UnsafeConstants");
      int lineFlush =
          (int) l.findStaticGetter(constants, "DATA_CACHE_LINE_FLUSH_SIZE", int.class).invoke();
      if (lineFlush == 0) return "this JVM/CPU has no cache-line write-back instruction";
      Object u = c.getMethod("getUnsafe").invoke(null);
      MethodType voidType = MethodType.methodType(void.class);
      out[0] =
          l.findVirtual(c, "writeback0", MethodType.methodType(void.class, long.class)).bindTo(u);
      out[1] = l.findVirtual(c, "writebackPostSync0", voidType).bindTo(u);
      return null;
    } catch (IllegalAccessException e) {
      return "JDK writeback intrinsics not accessible: run with"
          + " --add-opens java.base/jdk.internal.misc=ALL-UNNAMED"
          + " --add-exports java.base/jdk.internal.misc=ALL-UNNAMED";
    } catch (Throwable e) {
      return "JDK writeback intrinsics unavailable: " + e;
    }
  }

  static RuntimeException unexpected(Throwable t) {
    if (t instanceof RuntimeException r) return r;
    if (t instanceof Error e) throw e;
    return new IllegalStateException("write-back intrinsic failed", t);
  }

  @Override
  public String name() {
    return "intrinsics";
  }

  @Override
  public void pwb(long address) {
    VarHandle.releaseFence();
    try {
      WRITEBACK.invokeExact(address);
    } catch (Throwable t) {
      throw unexpected(t);
    }
    VarHandle.acquireFence();
  }

  @Override
  public void pfence() {
    VarHandle.releaseFence();
    try {
      POST_SYNC.invokeExact();
    } catch (Throwable t) {
      throw unexpected(t);
    }
    VarHandle.acquireFence();
  }

  @Override
  public void psync() {
    pfence();
  }
}

package org.jnvm.core.pmem;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Field;
import java.util.List;

/**
 * A JVM patched by our hotspot-patch module: {@code sun.misc.Unsafe} has public {@code pwb(long)},
 * {@code pfence()} and {@code psync()}, intrinsified by C2, C1 and the interpreter. The handles are
 * static finals so that C2 treats them as constants and inlines the intrinsic.
 */
final class PatchedJvmBackend implements PmemBackend {
  private static final String PROBLEM;
  private static final MethodHandle PWB;
  private static final MethodHandle PFENCE;
  private static final MethodHandle PSYNC;

  static {
    MethodHandle[] h = new MethodHandle[3];
    PROBLEM = probe(h);
    PWB = h[0];
    PFENCE = h[1];
    PSYNC = h[2];
  }

  private PatchedJvmBackend() {}

  static PmemBackend tryCreate(List<String> refused) {
    if (PROBLEM != null) {
      refused.add(PROBLEM);
      return null;
    }
    return new PatchedJvmBackend();
  }

  private static String probe(MethodHandle[] out) {
    try {
      Class<?> c = sun.misc.Unsafe.class;
      Field f = c.getDeclaredField("theUnsafe");
      f.setAccessible(true);
      Object u = f.get(null);
      MethodHandles.Lookup l = MethodHandles.publicLookup();
      MethodType voidType = MethodType.methodType(void.class);
      out[0] = l.findVirtual(c, "pwb", MethodType.methodType(void.class, long.class)).bindTo(u);
      out[1] = l.findVirtual(c, "pfence", voidType).bindTo(u);
      out[2] = l.findVirtual(c, "psync", voidType).bindTo(u);
      return null;
    } catch (NoSuchMethodException e) {
      return "not a patched JVM (no public Unsafe.pwb)";
    } catch (ReflectiveOperationException | RuntimeException e) {
      return "patched JVM probe failed: " + e;
    }
  }

  @Override
  public String name() {
    return "patched";
  }

  @Override
  public void pwb(long address) {
    try {
      PWB.invokeExact(address);
    } catch (Throwable t) {
      throw IntrinsicsBackend.unexpected(t);
    }
  }

  @Override
  public void pfence() {
    try {
      PFENCE.invokeExact();
    } catch (Throwable t) {
      throw IntrinsicsBackend.unexpected(t);
    }
  }

  @Override
  public void psync() {
    try {
      PSYNC.invokeExact();
    } catch (Throwable t) {
      throw IntrinsicsBackend.unexpected(t);
    }
  }
}

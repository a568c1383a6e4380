package org.jnvm.core.pmem;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;

/**
 * Byte arrays that the JVM does not zero, for copies out of persistent memory that overwrite every
 * byte at once: {@code jdk.internal.misc.Unsafe.allocateUninitializedArray}, which C2 compiles to
 * an allocation without its zeroing pass (the JDK's own string concatenation uses it). A 1,288-byte
 * copy takes 102 ns against 128 ns with a zeroed array on JDK 17 ({@code gateway.CopyOutBench}).
 *
 * <p>Reached through a method handle kept in a static final (C2 inlines it as a constant), which
 * needs {@code jdk.internal.misc} opened or exported to this module, as the gateway's flags do
 * (docs/gateway.md). Without, arrays are allocated with {@code new}, zeroed: slower, the same
 * result. The interpreter and C1 zero them too; only C2's intrinsic skips it.
 *
 * <p>Invariant: an array from {@link #of} leaves this package only after every one of its bytes was
 * written; until then it holds whatever the Java heap held there before.
 */
final class UninitializedBytes {
  /** {@code allocateUninitializedArray(Class, int)} bound to the JDK's Unsafe, or null. */
  private static final MethodHandle ALLOCATE = allocator();

  private UninitializedBytes() {}

  /** True if arrays come unzeroed (the flag is given), false if they are allocated with new. */
  static boolean available() {
    return ALLOCATE != null;
  }

  /** A new array of {@code length} bytes of unspecified contents; {@code length >= 0}. */
  static byte[] of(int length) {
    if (ALLOCATE == null) return new byte[length];
    try {
      return (byte[]) (Object) ALLOCATE.invokeExact(byte.class, length);
    } catch (RuntimeException | Error e) {
      throw e;
    } catch (Throwable t) {
      throw new IllegalStateException("allocateUninitializedArray failed: length=" + length, t);
    }
  }

  private static MethodHandle allocator() {
    try {
      Class<?> c = Class.forName("jdk.internal.misc.Unsafe");
      MethodHandles.Lookup l = MethodHandles.lookup();
      Object unsafe = l.findStatic(c, "getUnsafe", MethodType.methodType(c)).invoke();
      MethodType t = MethodType.methodType(Object.class, Class.class, int.class);
      return l.findVirtual(c, "allocateUninitializedArray", t).bindTo(unsafe);
    } catch (Error e) {
      throw e;
    } catch (Throwable e) {
      return null; // jdk.internal.misc neither opened nor exported to us: zeroed arrays
    }
  }
}

package org.jnvm.core.pmem;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.reflect.Method;

/**
 * Whether the calling code was compiled by C2, through the JDK's {@code
 * MethodHandleImpl.isCompileConstant}: C2 replaces it by true for a constant argument, the
 * interpreter and C1 run its body, which returns false. In C2 code the test folds away. Needs
 * {@code --add-opens java.base/java.lang.invoke=ALL-UNNAMED}; without it {@link #KNOWN} is false
 * and {@link #optimized} always answers true.
 */
final class Tier {
  private static final Object TOKEN = new Object();
  private static final MethodHandle IS_CONSTANT = find();

  /** True if {@link #optimized} tells the tiers apart. */
  static final boolean KNOWN = IS_CONSTANT != null;

  private Tier() {}

  /** True in code that C2 compiled (and whenever the tiers cannot be told apart). */
  static boolean optimized() {
    if (IS_CONSTANT == null) return true;
    try {
      return (boolean) IS_CONSTANT.invokeExact(TOKEN);
    } catch (Throwable t) {
      throw IntrinsicsBackend.unexpected(t);
    }
  }

  private static MethodHandle find() {
    try { // privateLookupIn refuses java.lang.invoke's own classes: reflection, then unreflect
      Method m =
          Class.forName("java.lang.invoke.MethodHandleImpl")
              .getDeclaredMethod("isCompileConstant", Object.class);
      m.setAccessible(true);
      return MethodHandles.lookup().unreflect(m);
    } catch (ReflectiveOperationException | RuntimeException e) {
      return null;
    }
  }
}

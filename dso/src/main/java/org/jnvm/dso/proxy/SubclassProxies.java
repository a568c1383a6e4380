package org.jnvm.dso.proxy;

import java.lang.invoke.MethodHandles;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;

/**
 * Subclass proxies of user classes, for class-typed {@code @Shared} fields: generated once per
 * class with ASM and defined in the class's own package and loader (a private lookup), so
 * package-private classes work too.
 */
public final class SubclassProxies {
  private static final ClassValue<Class<?>> PROXIES =
      new ClassValue<>() {
        @Override
        protected Class<?> computeValue(Class<?> type) {
          return define(type);
        }
      };

  private SubclassProxies() {}

  /** A proxy of {@code type} whose public methods go to {@code handler}. */
  public static <T> T create(Class<T> type, InvocationHandler handler) {
    try {
      return type.cast(
          PROXIES.get(type).getConstructor(InvocationHandler.class).newInstance(handler));
    } catch (InvocationTargetException e) {
      throw new IllegalStateException(
          "the constructor of " + type.getName() + " failed while making its proxy", e.getCause());
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("cannot instantiate the proxy of " + type.getName(), e);
    }
  }

  /** The bytecode of {@code type}'s proxy (tests verify it). */
  public static byte[] bytecode(Class<?> type) {
    return ProxyEmitter.emit(ProxyPlan.of(type));
  }

  private static Class<?> define(Class<?> type) {
    byte[] bytes = bytecode(type);
    try {
      MethodHandles.Lookup lookup = MethodHandles.privateLookupIn(type, MethodHandles.lookup());
      return lookup.defineClass(bytes);
    } catch (IllegalAccessException e) {
      throw new IllegalArgumentException(
          "cannot define a proxy in the package of "
              + type.getName()
              + ": its module does not open the package to org.jnvm.dso",
          e);
    }
  }
}

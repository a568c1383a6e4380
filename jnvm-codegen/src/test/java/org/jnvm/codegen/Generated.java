package org.jnvm.codegen;

import java.util.HashMap;
import java.util.Map;

/** Creates instances of classes of a test package transformed on the fly (for benchmarks). */
public final class Generated {
  private static final Map<String, TransformingLoader> LOADERS = new HashMap<>();

  private Generated() {}

  /** {@code new pkg.simpleName(arg)} of the transformed class. */
  @SuppressWarnings("unchecked")
  public static synchronized <T> T create(String pkg, String simpleName, int arg)
      throws ReflectiveOperationException {
    TransformingLoader l = LOADERS.computeIfAbsent(pkg, TransformingLoader::of);
    Class<?> c = l.loadClass(pkg.replace('/', '.') + "." + simpleName);
    return (T) c.getConstructor(int.class).newInstance(arg);
  }
}

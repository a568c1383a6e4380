package org.jnvm.codegen;

import java.util.Map;

/**
 * Defines a transformed code base itself (child first); everything else comes from the parent. One
 * per code base per JVM: descriptors of persistent classes are catalogued JVM-wide by name.
 */
final class TransformingLoader extends ClassLoader {
  private final Map<String, byte[]> original;
  private final Map<String, byte[]> changed;

  TransformingLoader(String name, Map<String, byte[]> original, Transformer.Result result) {
    super(name, TransformingLoader.class.getClassLoader());
    this.original = original;
    this.changed = result.changed();
  }

  /** Reads the classes of package {@code pkg} of the test classes and transforms them. */
  static TransformingLoader of(String pkg) {
    Map<String, byte[]> original = Corpus.read(pkg);
    return new TransformingLoader(pkg, original, Corpus.transform(original));
  }

  /** The bytes {@code binary} runs with: transformed, or as compiled. */
  byte[] bytes(String binary) {
    byte[] b = changed.get(binary);
    return b != null ? b : original.get(binary);
  }

  @Override
  protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
    synchronized (getClassLoadingLock(name)) {
      if (!original.containsKey(name)) return super.loadClass(name, resolve);
      Class<?> c = findLoadedClass(name);
      if (c == null) {
        byte[] b = bytes(name);
        c = defineClass(name, b, 0, b.length);
      }
      if (resolve) resolveClass(c);
      return c;
    }
  }
}

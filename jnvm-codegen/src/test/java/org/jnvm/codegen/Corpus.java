package org.jnvm.codegen;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.InvocationTargetException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The corpus of sample classes (package {@code corpus}, compiled as usual with the tests),
 * transformed once per JVM and loaded by one child-first class loader: the descriptors of
 * persistent classes are catalogued JVM-wide by name, so each generated class is loaded once.
 */
final class Corpus {
  static final String PACKAGE = "org/jnvm/codegen/corpus";

  /** Binary name to bytes, as javac wrote them. */
  static final Map<String, byte[]> ORIGINAL = read(PACKAGE);

  static final Transformer.Result RESULT = transform(ORIGINAL);

  private static final TransformingLoader LOADER =
      new TransformingLoader("corpus", ORIGINAL, RESULT);

  private Corpus() {}

  static Transformer transformer() {
    return new Transformer(ClassLookup.of(Corpus.class.getClassLoader()));
  }

  static Transformer.Result transform(Map<String, byte[]> classes) {
    return transformer().transform(classes.values());
  }

  /** The class files of one package of the test classes (not its subpackages). */
  static Map<String, byte[]> read(String pkg) {
    Map<String, byte[]> out = new LinkedHashMap<>();
    try (Stream<Path> s = Files.list(testClasses().resolve(pkg))) {
      for (Path p : s.filter(f -> f.toString().endsWith(".class")).sorted().toList()) {
        String f = p.getFileName().toString();
        out.put(
            (pkg + "/" + f.substring(0, f.length() - 6)).replace('/', '.'), Files.readAllBytes(p));
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out;
  }

  static Path testClasses() {
    try {
      return Path.of(Corpus.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }

  /** The bytes the corpus class {@code binary} runs with: transformed, or as compiled. */
  static byte[] bytes(String binary) {
    return LOADER.bytes(binary);
  }

  static Class<?> load(String simpleName) {
    try {
      return LOADER.loadClass(PACKAGE.replace('/', '.') + "." + simpleName);
    } catch (ClassNotFoundException e) {
      throw new IllegalStateException(e);
    }
  }

  static ClassLoader loader() {
    return LOADER;
  }

  /** {@code new simpleName(args)} through the constructor of parameter {@code types}. */
  @SuppressWarnings("unchecked")
  static <T> T create(String simpleName, Class<?>[] types, Object... args) {
    try {
      var c = load(simpleName).getDeclaredConstructor(types);
      c.setAccessible(true);
      return (T) c.newInstance(args);
    } catch (InvocationTargetException e) {
      if (e.getCause() instanceof RuntimeException r) throw r;
      throw new IllegalStateException(e.getCause());
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException(e);
    }
  }

  /** {@code target.method(args)} (static if {@code target} is a class). */
  static Object call(Object target, String method, Object... args) {
    Class<?> start = target instanceof Class<?> k ? k : target.getClass();
    for (Class<?> c = start; c != null; c = c.getSuperclass()) {
      Object[] result = tryCall(c, target, method, args);
      if (result != null) return result[0];
    }
    throw new IllegalArgumentException("no method " + method + "/" + args.length + " in " + start);
  }

  private static Object[] tryCall(Class<?> c, Object target, String method, Object... args) {
    for (var m : c.getDeclaredMethods()) {
      if (m.getName().equals(method) && m.getParameterCount() == args.length) {
        try {
          m.setAccessible(true);
          return new Object[] {m.invoke(target instanceof Class<?> ? null : target, args)};
        } catch (InvocationTargetException e) {
          if (e.getCause() instanceof RuntimeException r) throw r;
          throw new IllegalStateException(e.getCause());
        } catch (IllegalAccessException e) {
          throw new IllegalStateException(e);
        }
      }
    }
    return null;
  }
}

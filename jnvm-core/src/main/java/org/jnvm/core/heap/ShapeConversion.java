package org.jnvm.core.heap;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A user-written conversion of the objects of one class from a stored shape to the current one, for
 * changes the rules do not cover (docs/evolution.md): it reads the stored fields by name and sets
 * the current ones. It runs once per object, inside the migration's crash-atomic batch, after the
 * compatible fields were copied or widened and the others zeroed; it must only read {@code stored}
 * and set {@code current} (no allocation, no other object).
 *
 * <pre>{@code
 * // version 1 stored "celsius" as a long, version 2 keeps a double
 * ShapeConversion.register("com.acme.Reading",
 *     (stored, current) -> current.setDouble("celsius", stored.getLong("celsius") / 10.0));
 * }</pre>
 *
 * Register it before the class is first used with a heap that holds its older objects.
 */
@FunctionalInterface
public interface ShapeConversion {
  void convert(Fields stored, Fields current);

  /** Registers {@code c} for the class named {@code className}, replacing any earlier one. */
  static void register(String className, ShapeConversion c) {
    Registered.BY_CLASS.put(className, c);
  }

  /** Removes the conversion of {@code className}, if any. */
  static void unregister(String className) {
    Registered.BY_CLASS.remove(className);
  }

  /** The conversion of {@code className}, or null. */
  static ShapeConversion of(String className) {
    return Registered.BY_CLASS.get(className);
  }

  /** The JVM-wide table, by class name, as descriptors are catalogued. */
  final class Registered {
    private static final Map<String, ShapeConversion> BY_CLASS = new ConcurrentHashMap<>();

    private Registered() {}
  }
}

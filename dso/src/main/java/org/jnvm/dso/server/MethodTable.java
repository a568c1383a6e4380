package org.jnvm.dso.server;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Finds the public method a call names, by name and arguments. Overloads are told apart by arity,
 * then by the runtime types of the arguments; an ambiguous or missing method is an error that lists
 * what the class offers.
 */
final class MethodTable {
  private static final Map<Class<?>, Map<String, List<Method>>> BY_CLASS =
      new ConcurrentHashMap<>();

  private MethodTable() {}

  static Method find(Class<?> type, String name, Object[] args) throws NoSuchMethodException {
    List<Method> candidates = byName(type).getOrDefault(name, List.of());
    Method found = null;
    for (Method m : candidates) {
      if (m.getParameterCount() == args.length && accepts(m.getParameterTypes(), args)) {
        if (found != null) {
          throw new NoSuchMethodException(
              "ambiguous call "
                  + type.getName()
                  + "."
                  + name
                  + " with "
                  + args.length
                  + " arguments");
        }
        found = m;
      }
    }
    if (found == null) {
      throw new NoSuchMethodException(
          "no public method "
              + type.getName()
              + "."
              + name
              + " accepting "
              + args.length
              + " arguments "
              + describe(args)
              + "; methods named so: "
              + candidates);
    }
    return found;
  }

  private static Map<String, List<Method>> byName(Class<?> type) {
    return BY_CLASS.computeIfAbsent(
        type,
        t -> {
          Map<String, List<Method>> map = new ConcurrentHashMap<>();
          for (Method m : t.getMethods()) {
            if (!Modifier.isStatic(m.getModifiers()) && m.getDeclaringClass() != Object.class) {
              map.computeIfAbsent(m.getName(), k -> new ArrayList<>()).add(m);
            }
          }
          return map;
        });
  }

  private static boolean accepts(Class<?>[] params, Object[] args) {
    for (int i = 0; i < params.length; i++) {
      Class<?> p = params[i].isPrimitive() ? box(params[i]) : params[i];
      if (args[i] == null ? params[i].isPrimitive() : !p.isInstance(args[i])) {
        return false;
      }
    }
    return true;
  }

  private static Class<?> box(Class<?> p) {
    if (p == int.class) return Integer.class;
    if (p == long.class) return Long.class;
    if (p == boolean.class) return Boolean.class;
    if (p == double.class) return Double.class;
    if (p == float.class) return Float.class;
    if (p == short.class) return Short.class;
    if (p == byte.class) return Byte.class;
    if (p == char.class) return Character.class;
    return Void.class;
  }

  private static String describe(Object[] args) {
    StringBuilder b = new StringBuilder("(");
    for (int i = 0; i < args.length; i++) {
      b.append(i == 0 ? "" : ", ").append(args[i] == null ? "null" : args[i].getClass().getName());
    }
    return b.append(')').toString();
  }
}

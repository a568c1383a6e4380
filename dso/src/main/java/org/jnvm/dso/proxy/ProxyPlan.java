package org.jnvm.dso.proxy;

import java.io.Serializable;
import java.lang.reflect.Constructor;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * What a subclass proxy of a user class overrides, decided (and checked) before any bytecode is
 * written: every public instance method except Object's, none of which may be final. The class must
 * be non-final and have a no-argument constructor that the subclass can call.
 *
 * @param type the user class
 * @param methods the methods to forward, in a stable order
 * @param serializable whether the proxy travels as a reference (the class is Serializable)
 */
record ProxyPlan(Class<?> type, List<Method> methods, boolean serializable) {

  static ProxyPlan of(Class<?> type) {
    String why = refusal(type);
    if (why != null) {
      throw new IllegalArgumentException(
          "cannot make a proxy subclass of "
              + type.getName()
              + ": "
              + why
              + " (or declare the @Shared field with an interface type)");
    }
    List<Method> methods = new ArrayList<>();
    for (Method m : type.getMethods()) {
      if (m.getDeclaringClass() == Object.class
          || Modifier.isStatic(m.getModifiers())
          || m.isBridge()
          || m.isSynthetic()) {
        continue;
      }
      if (Modifier.isFinal(m.getModifiers())) {
        throw new IllegalArgumentException(
            "cannot make a proxy subclass of "
                + type.getName()
                + ": public method "
                + m.getName()
                + " is final, so calls to it could not be forwarded");
      }
      methods.add(m);
    }
    methods.sort(Comparator.comparing(Method::getName).thenComparing(Method::toString));
    return new ProxyPlan(type, List.copyOf(methods), Serializable.class.isAssignableFrom(type));
  }

  private static String refusal(Class<?> type) {
    int mod = type.getModifiers();
    if (type.isInterface()
        || type.isArray()
        || type.isPrimitive()
        || type.isEnum()
        || type.isRecord()) {
      return "it is not an ordinary class";
    }
    if (Modifier.isFinal(mod)) {
      return "the class is final";
    }
    if (type.isMemberClass() && !Modifier.isStatic(mod)) {
      return "it is an inner (non-static) class";
    }
    try {
      Constructor<?> c = type.getDeclaredConstructor();
      if (Modifier.isPrivate(c.getModifiers())) {
        return "its no-argument constructor is private";
      }
    } catch (NoSuchMethodException e) {
      return "it has no no-argument constructor";
    }
    return null;
  }
}

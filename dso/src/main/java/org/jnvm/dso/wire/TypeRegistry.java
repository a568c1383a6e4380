package org.jnvm.dso.wire;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The allow-list of classes that may be deserialized from a socket or a store: shared object types,
 * and the types of their arguments, results and fields. Nothing else is ever instantiated from
 * bytes. One list per JVM: it names code, not data, so every node (and every client) of a JVM
 * shares it.
 *
 * <p>Always allowed: primitive arrays, boxed primitives and {@code String}, the common {@code
 * java.util} collections, {@code BigInteger}/{@code BigDecimal}, records and enums of this module's
 * packages. Everything else must be {@link #register registered}.
 */
public final class TypeRegistry {
  private static final Set<String> REGISTERED = ConcurrentHashMap.newKeySet();

  private static final Set<String> JDK =
      Set.of(
          "java.lang.Object",
          "java.lang.String",
          "java.lang.Boolean",
          "java.lang.Byte",
          "java.lang.Character",
          "java.lang.Short",
          "java.lang.Integer",
          "java.lang.Long",
          "java.lang.Float",
          "java.lang.Double",
          "java.lang.Number",
          "java.lang.Enum",
          "java.lang.Record",
          "java.math.BigInteger",
          "java.math.BigDecimal",
          "java.util.ArrayList",
          "java.util.LinkedList",
          "java.util.ArrayDeque",
          "java.util.HashMap",
          "java.util.Map$Entry",
          "java.util.LinkedHashMap",
          "java.util.TreeMap",
          "java.util.HashSet",
          "java.util.LinkedHashSet",
          "java.util.TreeSet",
          "java.util.Arrays$ArrayList",
          "java.util.ImmutableCollections$ListN",
          "java.util.ImmutableCollections$List12",
          "java.util.ImmutableCollections$SetN",
          "java.util.ImmutableCollections$Set12",
          "java.util.ImmutableCollections$MapN",
          "java.util.ImmutableCollections$Map1",
          "java.util.CollSer",
          "java.util.Collections$UnmodifiableRandomAccessList",
          "java.util.Collections$UnmodifiableList",
          "java.util.Collections$UnmodifiableCollection",
          "java.util.Collections$EmptyList",
          "java.util.Collections$EmptyMap",
          "java.util.Collections$EmptySet");

  private TypeRegistry() {}

  /** Allows {@code type} (a shared object class or a value class) on this JVM. */
  public static void register(Class<?> type) {
    REGISTERED.add(type.getName());
  }

  /** Allows the named class on this JVM. */
  public static void register(String className) {
    REGISTERED.add(className);
  }

  /** Whether the named class was registered (library types are registered at class load). */
  public static boolean isRegistered(String className) {
    return REGISTERED.contains(className);
  }

  /** Whether a class of this name may be deserialized. */
  public static boolean allows(Class<?> c) {
    while (c.isArray()) {
      c = c.getComponentType();
    }
    if (c.isPrimitive()) {
      return true;
    }
    String n = c.getName();
    return JDK.contains(n) || REGISTERED.contains(n) || n.startsWith("org.jnvm.dso.objects.");
  }
}

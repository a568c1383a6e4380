package org.jnvm.codegen.agent;

import java.lang.instrument.ClassFileTransformer;
import java.lang.instrument.Instrumentation;
import java.security.ProtectionDomain;
import java.util.List;
import java.util.Map;
import org.jnvm.codegen.ClassLookup;
import org.jnvm.codegen.CodegenException;
import org.jnvm.codegen.Transformer;

/**
 * Load-time transformation: {@code java -javaagent:jnvm-codegen.jar=com.acme.,org.foo.Bar ...}. The
 * code base is every class whose binary name starts with one of the prefixes; each is transformed
 * when loaded, reading the others as compiled through its class loader, which gives the same bytes
 * as a build-time run over the whole code base. A problem is printed and the class is left as
 * compiled (it then fails when used); build-time transformation reports it earlier.
 */
public final class Agent {
  /** A class of ASM's that the transformer needs (renamed with ASM in the agent jar). */
  private static final String ASM_PROBE = "org.objectweb.asm.ClassReader";

  private Agent() {}

  public static void premain(String args, Instrumentation inst) {
    requireAsm();
    if (args == null || args.isBlank()) {
      System.err.println("[jnvm] codegen agent: no package prefix given, nothing transformed");
      return;
    }
    inst.addTransformer(transformer(List.of(args.split(","))));
  }

  /**
   * Fails the JVM's start when ASM cannot be loaded: the transformer would otherwise fail inside
   * every {@code transform} call, which the JVM ignores, and leave every class untransformed.
   */
  static void requireAsm() {
    try {
      Class.forName(ASM_PROBE, false, Agent.class.getClassLoader());
    } catch (ClassNotFoundException | LinkageError e) {
      throw new IllegalStateException(
          "[jnvm] codegen agent: ASM ("
              + ASM_PROBE
              + ") is not on the class path, so no class would be transformed; use the"
              + " self-contained agent jar jnvm-codegen-VERSION-agent.jar, or put asm and"
              + " asm-tree on the class path",
          e);
    }
  }

  /** The class file transformer for a code base named by {@code prefixes}. */
  public static ClassFileTransformer transformer(List<String> prefixes) {
    return new ClassFileTransformer() {
      @Override
      public byte[] transform(
          ClassLoader loader,
          String name,
          Class<?> redefined,
          ProtectionDomain domain,
          byte[] bytes) {
        if (loader == null || name == null || redefined != null) return null;
        String binary = name.replace('/', '.');
        if (prefixes.stream().noneMatch(binary::startsWith)) return null;
        return Agent.transform(loader, binary, bytes, prefixes);
      }
    };
  }

  private static byte[] transform(
      ClassLoader loader, String binary, byte[] bytes, List<String> prefixes) {
    ClassLookup user = ClassLookup.of(loader);
    ClassLookup own = ClassLookup.of(Agent.class.getClassLoader());
    ClassLookup lookup =
        n -> {
          byte[] b = user.find(n);
          return b != null ? b : own.find(n);
        };
    Transformer t =
        new Transformer(lookup, Map.of(), n -> prefixes.stream().anyMatch(n::startsWith));
    try {
      return t.transform(List.of(bytes)).changed().get(binary);
    } catch (CodegenException e) {
      System.err.println(
          "[jnvm] codegen agent: " + binary + " left as compiled: " + e.getMessage());
      return null;
    }
  }
}

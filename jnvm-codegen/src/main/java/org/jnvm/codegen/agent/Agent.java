package org.jnvm.codegen.agent;

import java.io.File;
import java.lang.instrument.ClassFileTransformer;
import java.lang.instrument.Instrumentation;
import java.nio.file.Path;
import java.security.ProtectionDomain;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.UnaryOperator;
import org.jnvm.codegen.ClassLookup;
import org.jnvm.codegen.CodegenException;
import org.jnvm.codegen.FormerNameScan;
import org.jnvm.codegen.Transformer;
import org.jnvm.core.heap.FormerNameIndex;

/**
 * Load-time transformation: {@code java -javaagent:jnvm-codegen.jar=com.acme.,org.foo.Bar ...}. The
 * code base is every class whose binary name starts with one of the prefixes; each is transformed
 * when loaded, reading the others as compiled through its class loader, which gives the same bytes
 * as a build-time run over the whole code base.
 *
 * <p>A class the generator refuses stops the JVM with the generator's message (exit status {@value
 * #REFUSED_EXIT}), as a build would fail: left as compiled, it would run as a plain object until
 * something far away fails. The JVM's class loading ignores a transformer's exceptions, so the
 * agent halts the JVM itself. {@value #WARN_ARGUMENT} among the agent's arguments (or {@code
 * -D}{@value #WARN_PROPERTY}{@code =true}) only prints the message and leaves the class as
 * compiled. Build-time transformation reports every problem before anything runs.
 */
public final class Agent {
  /** A class of ASM's that the transformer needs (renamed with ASM in the agent jar). */
  private static final String ASM_PROBE = "org.objectweb.asm.ClassReader";

  /** The agent argument that turns a refused class into a warning. */
  public static final String WARN_ARGUMENT = "onError=warn";

  /** The system property that does the same. */
  public static final String WARN_PROPERTY = "jnvm.codegen.agent.warnOnly";

  /** The JVM's exit status when the agent stops it. */
  public static final int REFUSED_EXIT = 3;

  private Agent() {}

  public static void premain(String args, Instrumentation inst) {
    requireAsm();
    List<String> prefixes = new ArrayList<>();
    boolean warn = Boolean.getBoolean(WARN_PROPERTY);
    for (String a : args == null ? new String[0] : args.split(",")) {
      if (a.equals(WARN_ARGUMENT)) {
        warn = true;
      } else if (!a.isBlank()) {
        prefixes.add(a.strip());
      }
    }
    if (prefixes.isEmpty()) {
      System.err.println("[jnvm] codegen agent: no package prefix given, nothing transformed");
      return;
    }
    inst.addTransformer(transformer(prefixes, warn ? Agent::warn : Agent::stop));
    FormerNameIndex.addResolver(formerNames(prefixes));
  }

  /**
   * Finds a renamed class of the code base by a former name: no build wrote the index, so the class
   * path's code base is read for {@code @FormerNames}, once, at the first name asked.
   */
  static UnaryOperator<String> formerNames(List<String> prefixes) {
    return new UnaryOperator<>() {
      private Map<String, String> index;

      @Override
      public synchronized String apply(String old) {
        if (index == null) {
          List<Path> cp = new ArrayList<>();
          for (String e : System.getProperty("java.class.path", "").split(File.pathSeparator)) {
            if (!e.isEmpty()) cp.add(Path.of(e));
          }
          index = FormerNameScan.classPath(cp, n -> prefixes.stream().anyMatch(n::startsWith));
        }
        return index.get(old);
      }
    };
  }

  /** Prints the refusal; the class runs as compiled. */
  static void warn(String message) {
    System.err.println("[jnvm] codegen agent: WARNING: " + message + "; left as compiled");
  }

  /** Prints the refusal and halts the JVM (shutdown hooks would run class loading of their own). */
  static void stop(String message) {
    System.err.println(
        "[jnvm] codegen agent: "
            + message
            + "; the JVM stops (agent argument "
            + WARN_ARGUMENT
            + " only warns and runs the class as compiled)");
    System.err.flush();
    Runtime.getRuntime().halt(REFUSED_EXIT);
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

  /** The class file transformer for a code base named by {@code prefixes}; refusals warn. */
  public static ClassFileTransformer transformer(List<String> prefixes) {
    return transformer(prefixes, Agent::warn);
  }

  /**
   * The class file transformer for a code base named by {@code prefixes}, handing the generator's
   * message for a class it refuses to {@code refused}.
   */
  public static ClassFileTransformer transformer(List<String> prefixes, Consumer<String> refused) {
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
        return Agent.transform(loader, binary, bytes, prefixes, refused);
      }
    };
  }

  private static byte[] transform(
      ClassLoader loader,
      String binary,
      byte[] bytes,
      List<String> prefixes,
      Consumer<String> refused) {
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
      refused.accept("refused " + binary + ": " + e.getMessage());
      return null;
    }
  }
}

package org.jnvm.codegen;

import java.util.List;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AnnotationNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.FieldNode;

/**
 * What the planner needs to know about a class, read from its class file without code: supertype,
 * kind, the {@code @Persistent} annotation, the marker of an earlier transformation, its fields.
 */
record ClassFacts(
    String name,
    String superName,
    int access,
    int version,
    String faText,
    String marker,
    List<FieldNode> fields,
    List<String> formerNames) {

  static ClassFacts read(byte[] bytes) {
    ClassNode n = new ClassNode();
    new ClassReader(bytes).accept(n, ClassReader.SKIP_CODE | ClassReader.SKIP_DEBUG);
    return of(n);
  }

  static ClassFacts of(ClassNode n) {
    String marker = null;
    for (FieldNode f : n.fields) {
      if (f.name.equals(Names.MARKER) && f.value instanceof String s) marker = s;
    }
    return new ClassFacts(
        n.name,
        n.superName,
        n.access,
        n.version & 0xffff,
        faOf(n),
        marker,
        List.copyOf(n.fields),
        formerNames(n.invisibleAnnotations));
  }

  /** The names a class or field's {@code @FormerNames} lists, in order; empty without one. */
  static List<String> formerNames(List<AnnotationNode> annotations) {
    if (annotations == null) return List.of();
    for (AnnotationNode a : annotations) {
      if (!a.desc.equals(Names.FORMER_NAMES) || a.values == null) continue;
      for (int i = 0; i + 1 < a.values.size(); i += 2) {
        if ("value".equals(a.values.get(i)) && a.values.get(i + 1) instanceof List<?> l) {
          return l.stream().map(String::valueOf).toList();
        }
      }
    }
    return List.of();
  }

  /** The text of a field's {@code @DefaultValue}, or null without one. */
  static String defaultValue(List<AnnotationNode> annotations) {
    if (annotations == null) return null;
    for (AnnotationNode a : annotations) {
      if (!a.desc.equals(Names.DEFAULT_VALUE) || a.values == null) continue;
      for (int i = 0; i + 1 < a.values.size(); i += 2) {
        if ("value".equals(a.values.get(i))) return String.valueOf(a.values.get(i + 1));
      }
    }
    return null;
  }

  /** The {@code fa} text of the class's {@code @Persistent}, "none" by default, null if absent. */
  private static String faOf(ClassNode n) {
    if (n.invisibleAnnotations == null) return null;
    for (AnnotationNode a : n.invisibleAnnotations) {
      if (!a.desc.equals(Names.ANNOTATION)) continue;
      if (a.values != null) {
        for (int i = 0; i + 1 < a.values.size(); i += 2) {
          if ("fa".equals(a.values.get(i))) return String.valueOf(a.values.get(i + 1));
        }
      }
      return FaMode.NONE.text();
    }
    return null;
  }

  boolean isInterface() {
    return (access & Opcodes.ACC_INTERFACE) != 0;
  }

  boolean isAbstract() {
    return (access & Opcodes.ACC_ABSTRACT) != 0;
  }

  boolean isTransformed() {
    return marker != null;
  }

  /** The instance field {@code name} declared by this class, or null. */
  FieldNode instanceField(String fieldName) {
    for (FieldNode f : fields) {
      if (f.name.equals(fieldName) && (f.access & Opcodes.ACC_STATIC) == 0) return f;
    }
    return null;
  }
}

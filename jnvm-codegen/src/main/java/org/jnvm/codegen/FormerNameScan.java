package org.jnvm.codegen;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Enumeration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.stream.Stream;
import org.jnvm.core.heap.FormerNameIndex;

/**
 * The former names that classes declare with {@code @FormerNames} on the class (not on fields),
 * read from class files: what {@link FormerNameIndex} needs to find a renamed class by the name a
 * heap stored it under. {@link ClassDirs} writes the index beside the classes it transforms; the
 * agent scans the class path with {@link #classPath} at the first miss.
 */
public final class FormerNameScan {
  private FormerNameScan() {}

  /** Old binary name to current binary name, for the classes in {@code classFiles}. */
  public static Map<String, String> of(Iterable<byte[]> classFiles) {
    Map<String, String> out = new LinkedHashMap<>();
    for (byte[] b : classFiles) add(out, b);
    return out;
  }

  /**
   * Writes {@code dir}/{@value FormerNameIndex#RESOURCE} for {@code index}, or deletes the file
   * this method wrote earlier when the index is empty now.
   */
  public static void write(Path dir, Map<String, String> index) throws IOException {
    Path f = dir.resolve(FormerNameIndex.RESOURCE);
    if (index.isEmpty()) {
      Files.deleteIfExists(f);
      return;
    }
    Files.createDirectories(f.getParent());
    Files.writeString(f, FormerNameIndex.format(index));
  }

  /**
   * The former names declared by the classes on {@code classPath} (directories and jars) whose
   * binary names {@code inCodeBase} accepts.
   */
  public static Map<String, String> classPath(List<Path> classPath, Predicate<String> inCodeBase) {
    Map<String, String> out = new LinkedHashMap<>();
    try {
      for (Path p : classPath) {
        if (Files.isDirectory(p)) scanDir(p, inCodeBase, out);
        else if (Files.isRegularFile(p) && p.toString().endsWith(".jar"))
          scanJar(p, inCodeBase, out);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot scan the class path for @FormerNames: " + e, e);
    }
    return out;
  }

  private static void scanDir(Path dir, Predicate<String> inCodeBase, Map<String, String> out)
      throws IOException {
    try (Stream<Path> s = Files.walk(dir)) {
      for (Path f : s.filter(x -> x.toString().endsWith(".class")).toList()) {
        String name = binaryName(dir.relativize(f).toString().replace('\\', '/'));
        if (inCodeBase.test(name)) add(out, Files.readAllBytes(f));
      }
    }
  }

  private static void scanJar(Path jar, Predicate<String> inCodeBase, Map<String, String> out)
      throws IOException {
    try (JarFile j = new JarFile(jar.toFile())) {
      Enumeration<JarEntry> entries = j.entries();
      while (entries.hasMoreElements()) {
        JarEntry e = entries.nextElement();
        if (!e.getName().endsWith(".class") || !inCodeBase.test(binaryName(e.getName()))) continue;
        try (InputStream in = j.getInputStream(e)) {
          add(out, in.readAllBytes());
        }
      }
    }
  }

  private static String binaryName(String classFile) {
    return classFile.substring(0, classFile.length() - ".class".length()).replace('/', '.');
  }

  private static void add(Map<String, String> out, byte[] classFile) {
    ClassFacts f = ClassFacts.read(classFile);
    String now = Names.binary(f.name());
    for (String old : f.formerNames()) {
      String before = out.putIfAbsent(old, now);
      if (before != null && !before.equals(now)) {
        throw new CodegenException(
            List.of(
                old
                    + " is a former name of both "
                    + before
                    + " and "
                    + now
                    + ": one class may take it"));
      }
    }
  }
}

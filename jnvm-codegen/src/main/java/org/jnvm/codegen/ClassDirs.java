package org.jnvm.codegen;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Transforms directories of class files in place: every {@code .class} file under them is the code
 * base. A file is rewritten (through a temporary file and an atomic rename) only if its class
 * changed; if any problem is found nothing is written. The former names classes declare
 * ({@code @FormerNames} on a class) go to the first directory's {@code META-INF/jnvm/former-names}
 * ({@link FormerNameScan}).
 */
public final class ClassDirs {
  private ClassDirs() {}

  /** What a run did, for the log. */
  public record Report(int classes, List<String> persistent, List<String> rewritten, int skipped) {
    public String summary() {
      return classes
          + " classes read, "
          + persistent.size()
          + " made persistent "
          + persistent
          + ", "
          + (rewritten.size() - persistent.size())
          + " other classes rewritten, "
          + skipped
          + " already transformed";
    }
  }

  public static Report transform(
      List<Path> dirs, List<Path> classPath, Map<String, FaMode> explicit) throws IOException {
    Map<Path, byte[]> files = read(dirs);
    List<Path> cp = new ArrayList<>(dirs);
    cp.addAll(classPath);
    Transformer t = new Transformer(ClassLookup.of(cp), explicit);
    Transformer.Result r = t.transform(files.values());
    Map<String, Path> byName = new LinkedHashMap<>();
    for (Map.Entry<Path, byte[]> e : files.entrySet()) {
      byName.put(Names.binary(ClassFacts.read(e.getValue()).name()), e.getKey());
    }
    for (Map.Entry<String, byte[]> e : r.changed().entrySet()) {
      write(byName.get(e.getKey()), e.getValue());
    }
    // a renamed class must be found by the name a heap stored it under before it is loaded
    FormerNameScan.write(dirs.get(0), FormerNameScan.of(files.values()));
    return new Report(
        files.size(), r.persistent(), List.copyOf(r.changed().keySet()), r.skipped().size());
  }

  private static Map<Path, byte[]> read(List<Path> dirs) throws IOException {
    Map<Path, byte[]> out = new LinkedHashMap<>();
    for (Path d : dirs) {
      if (!Files.isDirectory(d)) throw new IOException("not a directory of classes: " + d);
      try (Stream<Path> s = Files.walk(d)) {
        for (Path p : s.filter(f -> f.toString().endsWith(".class")).sorted().toList()) {
          out.put(p, Files.readAllBytes(p));
        }
      }
    }
    return out;
  }

  private static void write(Path p, byte[] b) throws IOException {
    Path tmp = p.resolveSibling(p.getFileName() + ".jnvm-tmp");
    Files.write(tmp, b);
    Files.move(tmp, p, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
  }
}

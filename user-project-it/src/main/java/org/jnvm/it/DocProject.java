package org.jnvm.it;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Writes the user project a guide describes, once per JDK, as maven-invoker-plugin projects: the
 * guide's files as they are, an {@code invoker.properties} running its commands in order, the lines
 * they must print ({@code guide-output.txt}) and a {@code postbuild.groovy} handing the build log
 * to {@link DocRun} and the build's local repository to {@link RepoOrigin}. The JDKs are the one
 * running this build and JDK 17 and 25 when installed beside it (in the same directory).
 *
 * <p>Usage: {@code DocProject OUT_DIR GUIDE.md...}; each guide becomes {@code OUT_DIR/NAME-jdkN},
 * NAME being the guide's file name, or its directory's for a {@code README.md}.
 */
public final class DocProject {
  /** The JDK feature releases tested beside the running one when installed next to it. */
  static final List<Integer> OTHER_JDKS = List.of(17, 25);

  private DocProject() {}

  public static void main(String[] args) throws IOException {
    if (args.length < 2)
      throw new IllegalArgumentException("usage: DocProject OUT_DIR GUIDE.md...");
    Path out = Path.of(args[0]);
    Map<Integer, Path> jdks = jdks();
    for (int i = 1; i < args.length; i++) {
      Path md = Path.of(args[i]).toAbsolutePath().normalize();
      Guide g = Guide.parse(md.toString(), Files.readString(md));
      String name = projectName(md);
      for (Map.Entry<Integer, Path> jdk : jdks.entrySet()) {
        Path dir = out.resolve(name + "-jdk" + jdk.getKey());
        write(g, md.toString(), dir, jdk.getValue());
        System.out.println("[doc-project] " + md + " -> " + dir);
      }
    }
  }

  /** A guide's project name: its file's, or its directory's for a README. */
  static String projectName(Path md) {
    String file = md.getFileName().toString();
    if (file.equals("README.md") && md.getParent() != null) {
      return md.getParent().getFileName().toString();
    }
    return file.replaceFirst("\\.md$", "");
  }

  /** Writes one project; {@code javaHome} null means the JDK running the invoker. */
  static void write(Guide g, String source, Path dir, Path javaHome) throws IOException {
    if (g.files().isEmpty()) throw new IllegalArgumentException(source + ": no file= blocks");
    if (g.steps().isEmpty()) throw new IllegalArgumentException(source + ": no run blocks");
    deleteTree(dir); // a fresh project: no heap or classes left by an earlier run
    Files.createDirectories(dir);
    for (Map.Entry<String, String> f : g.files().entrySet()) {
      Path p = dir.resolve(f.getKey());
      Files.createDirectories(p.getParent());
      Files.writeString(p, f.getValue());
    }
    Files.writeString(dir.resolve("invoker.properties"), invokerProperties(g, source, javaHome));
    List<String> expected = new ArrayList<>();
    for (Guide.Step s : g.steps()) expected.addAll(s.output());
    Files.write(dir.resolve(DocRun.EXPECTED), expected);
    Files.writeString(
        dir.resolve("postbuild.groovy"),
        "org.jnvm.it.DocRun.check(basedir.toPath())\n"
            + "org.jnvm.it.RepoOrigin.check(localRepositoryPath.toPath(), jnvmOrigin)\n");
  }

  private static void deleteTree(Path dir) throws IOException {
    if (!Files.exists(dir)) return;
    try (var paths = Files.walk(dir)) {
      for (Path p : (Iterable<Path>) paths.sorted(Comparator.reverseOrder())::iterator) {
        Files.delete(p);
      }
    }
  }

  static String invokerProperties(Guide g, String source, Path javaHome) {
    StringBuilder p = new StringBuilder("# The commands of " + source + ", in order.\n");
    int n = 1;
    for (Guide.Step s : g.steps()) {
      p.append("invoker.goals.").append(n++).append(" = ");
      p.append(s.command().substring("mvn ".length()).strip()).append('\n');
    }
    if (javaHome != null) {
      p.append("invoker.environmentVariables.JAVA_HOME = ")
          .append(javaHome.toString().replace("\\", "/"))
          .append('\n');
    }
    return p.toString();
  }

  /** Feature release to home (null: the running JDK), the running JDK first. */
  static Map<Integer, Path> jdks() throws IOException {
    Map<Integer, Path> m = new LinkedHashMap<>();
    m.put(Runtime.version().feature(), null);
    for (int feature : OTHER_JDKS) {
      Path other = m.containsKey(feature) ? null : siblingJdk(feature);
      if (other != null) m.put(feature, other);
    }
    return m;
  }

  /** A JDK of {@code feature} installed in the directory that holds the running JDK, or null. */
  static Path siblingJdk(int feature) throws IOException {
    Path dir = Path.of(System.getProperty("java.home")).toRealPath().getParent();
    try (var homes = Files.list(dir)) {
      for (Path home : (Iterable<Path>) homes.sorted()::iterator) {
        Path release = home.resolve("release");
        if (Files.isExecutable(home.resolve("bin/java"))
            && Files.isReadable(release)
            && Files.readString(release).contains("JAVA_VERSION=\"" + feature + ".")) {
          return home;
        }
      }
    }
    return null;
  }
}

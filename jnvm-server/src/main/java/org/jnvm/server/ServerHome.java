package org.jnvm.server;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * An Infinispan Server installation laid out from the Maven artifacts, the way the server's own
 * distribution is:
 *
 * <pre>
 *   home/
 *     boot/  infinispan-server-runtime-V-loader.jar   the launched JVM's class path
 *     lib/   every other server jar (links)           the Loader's class loader
 * </pre>
 *
 * Each node's root ({@code server/lib} with the drop-in jar, {@code conf}, {@code data}, {@code
 * log}) sits beside it: {@link NodeConfig}. The Loader refuses two jars of one artifact (the file
 * name up to its first "-" followed by a digit), so of netty's per-platform native jars only this
 * platform's is linked.
 */
public final class ServerHome {
  static final String LOADER_MAIN = "org.infinispan.server.loader.Loader";
  static final String BOOTSTRAP_MAIN = "org.infinispan.server.Bootstrap";

  private final Path home;
  private final Path loader;

  private ServerHome(Path home, Path loader) {
    this.home = home;
    this.loader = loader;
  }

  public Path dir() {
    return home;
  }

  /** The jar the launched JVM runs ({@link #LOADER_MAIN}). */
  public Path loaderJar() {
    return loader;
  }

  /**
   * Lays the installation out under {@code home} (replacing an earlier layout's {@code boot} and
   * {@code lib}) from the server's jars.
   */
  public static ServerHome layOut(Path home, ServerArtifacts artifacts) {
    try {
      Path boot = fresh(home.resolve("boot"));
      Path lib = fresh(home.resolve("lib"));
      Path loader = boot.resolve(artifacts.loaderJar().getFileName());
      Files.copy(artifacts.loaderJar(), loader);
      for (Path jar : oneJarPerArtifact(artifacts.serverJars())) {
        Files.createSymbolicLink(lib.resolve(jar.getFileName()), jar.toAbsolutePath());
      }
      return new ServerHome(home, loader);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot lay out the server home " + home + ": " + e, e);
    }
  }

  /**
   * The installation laid out under {@code home} by an earlier launcher, left as it is (nodes that
   * run from it load classes from its {@code lib} lazily), or a new layout where there is none.
   */
  public static ServerHome existingOrLayOut(Path home, ServerArtifacts artifacts) {
    Path loader = home.resolve("boot").resolve(artifacts.loaderJar().getFileName());
    if (Files.isRegularFile(loader) && Files.isDirectory(home.resolve("lib"))) {
      return new ServerHome(home, loader);
    }
    return layOut(home, artifacts);
  }

  /** The jars the Loader accepts together: per artifact name, this platform's or the plainest. */
  static List<Path> oneJarPerArtifact(List<Path> jars) {
    Map<String, Path> chosen = new LinkedHashMap<>();
    for (Path jar : jars) {
      String name = jar.getFileName().toString();
      chosen.merge(artifactName(name), jar, ServerHome::preferred);
    }
    return new ArrayList<>(chosen.values());
  }

  /** The Loader's notion of an artifact: the file name up to the first "-" before a digit. */
  static String artifactName(String fileName) {
    for (int i = 0; i + 1 < fileName.length(); i++) {
      if (fileName.charAt(i) == '-' && Character.isDigit(fileName.charAt(i + 1))) {
        return fileName.substring(0, i);
      }
    }
    return fileName;
  }

  private static Path preferred(Path a, Path b) {
    boolean aHere = forThisPlatform(a);
    boolean bHere = forThisPlatform(b);
    if (aHere != bHere) return aHere ? a : b;
    return a.getFileName().toString().length() <= b.getFileName().toString().length() ? a : b;
  }

  private static boolean forThisPlatform(Path jar) {
    String arch = System.getProperty("os.arch").equals("aarch64") ? "aarch_64" : "x86_64";
    return jar.getFileName().toString().contains("linux-" + arch);
  }

  private static Path fresh(Path dir) throws IOException {
    Trees.delete(dir);
    return Files.createDirectories(dir);
  }
}

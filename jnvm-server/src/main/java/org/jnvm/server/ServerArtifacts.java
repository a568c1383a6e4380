package org.jnvm.server;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Where the server's jars and the drop-in store jar are: the files the build names in the system
 * properties {@value #CLASSPATH_PROPERTY} (a class-path file listing Infinispan Server's jars, the
 * loader among them) and {@value #DROPIN_PROPERTY} (infinispan-store's {@code -server} jar). {@code
 * bin/jnvm server} and the module's tests set both.
 */
public record ServerArtifacts(Path loaderJar, List<Path> serverJars, Path dropIn) {
  public static final String CLASSPATH_PROPERTY = "jnvm.server.classpath";
  public static final String DROPIN_PROPERTY = "jnvm.server.dropin";

  /** The artifacts named by the system properties; a clear error when one is missing. */
  public static ServerArtifacts fromSystemProperties() {
    Path cp = existing(CLASSPATH_PROPERTY, "Infinispan Server's class-path file");
    Path dropIn = existing(DROPIN_PROPERTY, "the drop-in store jar");
    return fromClassPathFile(cp, dropIn);
  }

  static ServerArtifacts fromClassPathFile(Path classPathFile, Path dropIn) {
    String text;
    try {
      text = Files.readString(classPathFile).trim();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + classPathFile + ": " + e, e);
    }
    Path loader = null;
    List<Path> jars = new ArrayList<>();
    for (String entry : text.split(java.io.File.pathSeparator)) {
      if (entry.isBlank()) continue;
      Path jar = Path.of(entry);
      if (jar.getFileName().toString().endsWith("-loader.jar")) {
        loader = jar;
      } else {
        jars.add(jar);
      }
    }
    if (loader == null || jars.isEmpty()) {
      throw new IllegalStateException(
          classPathFile
              + " lists no Infinispan Server loader jar or no server jars ("
              + jars.size()
              + " jars): rebuild with mvn -B package -pl jnvm-server -am");
    }
    return new ServerArtifacts(loader, List.copyOf(jars), dropIn);
  }

  private static Path existing(String property, String what) {
    String v = System.getProperty(property);
    if (v == null || v.isBlank()) {
      throw new IllegalStateException(
          "-D" + property + " is not set: it names " + what + " (bin/jnvm server sets it)");
    }
    Path p = Path.of(v);
    if (!Files.isRegularFile(p)) {
      throw new IllegalStateException(
          what
              + " is missing: -D"
              + property
              + "="
              + p
              + " (build it with mvn -B package -pl jnvm-server -am -DskipTests)");
    }
    return p;
  }
}

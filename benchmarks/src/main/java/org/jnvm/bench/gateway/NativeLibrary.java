package org.jnvm.bench.gateway;

import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Finds and loads the JNI baseline library. The build puts it in {@code target/native/}, next to
 * both {@code target/benchmarks.jar} and {@code target/classes}, so it is found from the location
 * of this class; {@value #PROPERTY} names another file.
 */
final class NativeLibrary {
  static final String PROPERTY = "jnvm.bench.native";
  static final String FILE = "libjnvmbench.so";

  private NativeLibrary() {}

  /** The library file: the property if set, else {@code native/} beside the jar or classes. */
  static Path locate(String override, Path codeSource) {
    if (override != null && !override.isBlank()) return Path.of(override);
    return codeSource.toAbsolutePath().getParent().resolve("native").resolve(FILE);
  }

  /** Loads the library; returns null when loaded, else why it is unavailable. */
  static String load() {
    Path lib;
    try {
      lib = locate(System.getProperty(PROPERTY), codeSource());
    } catch (URISyntaxException | RuntimeException e) {
      return "cannot locate the benchmarks' code to find " + FILE + ": " + e;
    }
    if (!Files.isRegularFile(lib)) {
      return "JNI library not found: "
          + lib
          + " (gcc absent at build time? or set -D"
          + PROPERTY
          + "=PATH)";
    }
    try {
      System.load(lib.toString());
      return null;
    } catch (UnsatisfiedLinkError e) {
      return "JNI library failed to load: " + lib + ": " + e.getMessage();
    }
  }

  private static Path codeSource() throws URISyntaxException {
    return Path.of(NativeLibrary.class.getProtectionDomain().getCodeSource().getLocation().toURI());
  }
}

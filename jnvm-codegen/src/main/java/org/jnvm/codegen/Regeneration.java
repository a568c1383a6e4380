package org.jnvm.codegen;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;
import java.util.stream.Stream;

/**
 * Reruns the generator over classes it already transformed when the generator itself changed. An
 * incremental build does not recompile unchanged sources, so their class files are still the old
 * generator's output (marked transformed, hence skipped): without this, a changed generator is
 * tested against old generated code.
 *
 * <p>State, in a directory of its own (the build's {@code target/jnvm-codegen/...}): the original
 * (compiled) bytes of every class the generator rewrote, a manifest of the hash of the bytes it
 * wrote for each, and the stamp (hash of the generator's code) of the run that wrote them.
 *
 * <ol>
 *   <li>{@link #restoreIfGeneratorChanged}: when the stamp differs, every class file that still
 *       holds exactly what the old generator wrote gets its original bytes back (a class recompiled
 *       since then holds other bytes and is left alone);
 *   <li>the generator runs as usual;
 *   <li>{@link #record}: the originals of the files it rewrote, their new hashes and the stamp are
 *       saved.
 * </ol>
 */
public final class Regeneration {
  private static final String MANIFEST = "manifest.properties";
  private static final String STAMP = "generator.stamp";
  private static final String ORIGINALS = "originals";

  private final Path classes;
  private final Path state;

  public Regeneration(Path classes, Path state) {
    this.classes = classes;
    this.state = state;
  }

  /** A hash of the generator's own code (its jar, or its class directory). */
  public static String generatorStamp() {
    try {
      Path code =
          Path.of(ClassDirs.class.getProtectionDomain().getCodeSource().getLocation().toURI());
      MessageDigest d = sha256();
      if (Files.isDirectory(code)) {
        try (Stream<Path> s = Files.walk(code)) {
          for (Path p : s.filter(Files::isRegularFile).sorted().toList()) {
            d.update(
                code.relativize(p).toString().getBytes(java.nio.charset.StandardCharsets.UTF_8));
            d.update(Files.readAllBytes(p));
          }
        }
      } else {
        d.update(Files.readAllBytes(code));
      }
      return HexFormat.of().formatHex(d.digest());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (URISyntaxException | SecurityException e) {
      return "unknown";
    }
  }

  /**
   * Restores the original bytes of the classes the previous generator wrote, if the generator
   * changed since; returns how many were restored.
   */
  public int restoreIfGeneratorChanged(String stamp) throws IOException {
    Path s = state.resolve(STAMP);
    if (!Files.exists(s) || Files.readString(s).equals(stamp)) return 0;
    int restored = 0;
    Properties m = manifest();
    for (String rel : m.stringPropertyNames()) {
      Path file = classes.resolve(rel);
      Path original = state.resolve(ORIGINALS).resolve(rel);
      if (Files.exists(file)
          && Files.exists(original)
          && hash(Files.readAllBytes(file)).equals(m.getProperty(rel))) {
        Files.write(file, Files.readAllBytes(original));
        restored++;
      }
    }
    return restored;
  }

  /** The bytes of every class file, to pass to {@link #record} after the run. */
  public Map<Path, byte[]> snapshot() throws IOException {
    Map<Path, byte[]> out = new LinkedHashMap<>();
    try (Stream<Path> s = Files.walk(classes)) {
      for (Path p : s.filter(f -> f.toString().endsWith(".class")).sorted().toList()) {
        out.put(p, Files.readAllBytes(p));
      }
    }
    return out;
  }

  /** Saves the originals of the files the run rewrote (compared with {@code before}). */
  public void record(Map<Path, byte[]> before, String stamp) throws IOException {
    Properties m = manifest();
    for (Map.Entry<Path, byte[]> e : before.entrySet()) {
      byte[] now = Files.readAllBytes(e.getKey());
      if (java.util.Arrays.equals(now, e.getValue())) continue;
      String rel = classes.relativize(e.getKey()).toString();
      Path original = state.resolve(ORIGINALS).resolve(rel);
      Files.createDirectories(original.getParent());
      Files.write(original, e.getValue());
      m.setProperty(rel, hash(now));
    }
    Files.createDirectories(state);
    try (var out = Files.newOutputStream(state.resolve(MANIFEST))) {
      m.store(out, "J-NVM codegen: hash of the bytes written per class file");
    }
    Files.writeString(state.resolve(STAMP), stamp);
  }

  private Properties manifest() throws IOException {
    Properties m = new Properties();
    Path f = state.resolve(MANIFEST);
    if (Files.exists(f)) {
      try (var in = Files.newInputStream(f)) {
        m.load(in);
      }
    }
    return m;
  }

  private static String hash(byte[] b) {
    return HexFormat.of().formatHex(sha256().digest(b));
  }

  private static MessageDigest sha256() {
    try {
      return MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 missing from the JDK", e);
    }
  }
}

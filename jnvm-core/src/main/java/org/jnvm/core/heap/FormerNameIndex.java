package org.jnvm.core.heap;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.Enumeration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.UnaryOperator;
import org.jnvm.core.JnvmException;

/**
 * Finds a {@code @Persistent} class renamed with {@code @FormerNames} by its earlier name. The
 * annotation lives in the renamed class's file, which nothing reads until that class is loaded, but
 * a heap names its objects' classes as they were stored: a first read of an object stored under the
 * old name must find the new class without it having been loaded first.
 *
 * <p>Two sources, asked in order:
 *
 * <ol>
 *   <li>every {@value #RESOURCE} resource the class loader sees: lines {@code old.Name new.Name},
 *       {@code #} comments; the Maven goal (and {@code ClassDirs}) writes one beside the classes it
 *       transforms;
 *   <li>the resolvers registered with {@link #addResolver}: the java agent registers one that reads
 *       the code base's class files on the class path, once, at the first miss.
 * </ol>
 *
 * Two sources naming different classes for one old name are an error naming both.
 */
public final class FormerNameIndex {
  /** The resource the code generator writes: one {@code old.Name new.Name} line per former name. */
  public static final String RESOURCE = "META-INF/jnvm/former-names";

  private static final List<UnaryOperator<String>> RESOLVERS = new CopyOnWriteArrayList<>();

  private FormerNameIndex() {}

  /** Adds a source asked after the resources: old binary name to current one, or null. */
  public static void addResolver(UnaryOperator<String> resolver) {
    RESOLVERS.add(resolver);
  }

  /** The current binary name of the class once named {@code old}, or null if none says. */
  public static String currentName(ClassLoader loader, String old) {
    String found = null;
    String origin = null;
    try {
      Enumeration<URL> urls = loader.getResources(RESOURCE);
      while (urls.hasMoreElements()) {
        URL u = urls.nextElement();
        String now = parse(read(u), u.toString()).get(old);
        if (now == null) continue;
        if (found != null && !found.equals(now)) throw conflict(old, found, origin, now, u);
        found = now;
        origin = u.toString();
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + RESOURCE + " resources: " + e, e);
    }
    if (found != null) return found;
    for (UnaryOperator<String> r : RESOLVERS) {
      String now = r.apply(old);
      if (now != null) return now;
    }
    return null;
  }

  /**
   * The index's text as a map from old to current names.
   *
   * @throws JnvmException for a line that is not two names, or one old name given two classes
   */
  public static Map<String, String> parse(String text, String origin) {
    Map<String, String> out = new TreeMap<>();
    String[] lines = text.split("\n");
    for (int i = 0; i < lines.length; i++) {
      String line = lines[i].strip();
      if (line.isEmpty() || line.startsWith("#")) continue;
      String[] parts = line.split("\\s+");
      if (parts.length != 2) {
        throw new JnvmException(
            origin + " line " + (i + 1) + ": expected 'old.Name new.Name', found '" + line + "'");
      }
      String before = out.putIfAbsent(parts[0], parts[1]);
      if (before != null && !before.equals(parts[1])) {
        throw new JnvmException(
            origin
                + " line "
                + (i + 1)
                + ": "
                + parts[0]
                + " is a former name of both "
                + before
                + " and "
                + parts[1]);
      }
    }
    return out;
  }

  /** The index text for {@code currentByOld}, as the code generator writes it. */
  public static String format(Map<String, String> currentByOld) {
    StringBuilder out =
        new StringBuilder("# written by jnvm-codegen from @FormerNames: old.Name new.Name\n");
    new TreeMap<>(currentByOld).forEach((o, n) -> out.append(o).append(' ').append(n).append('\n'));
    return out.toString();
  }

  private static String read(URL u) throws IOException {
    try (InputStream in = u.openStream()) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }

  private static JnvmException conflict(
      String old, String a, String originA, String b, URL originB) {
    return new JnvmException(
        old
            + " is a former name of "
            + a
            + " ("
            + originA
            + ") and of "
            + b
            + " ("
            + originB
            + "): one class may take over a stored class name");
  }
}

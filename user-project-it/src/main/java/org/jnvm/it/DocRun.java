package org.jnvm.it;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Checks the build log of a project written by {@link DocProject} (its invoker post-build script):
 *
 * <ol>
 *   <li>every line the guide says a command prints appears, in the guide's order;
 *   <li>J-NVM warns ({@code [jnvm] WARNING}) exactly as often as the guide shows it;
 *   <li>no JDK warning names J-NVM's classes or the user's ({@code WARNING: ... org.jnvm...}): the
 *       guide's flags must keep the JDK quiet about what J-NVM does.
 * </ol>
 */
public final class DocRun {
  /** The lines the guide's commands print, in order, one a line. */
  static final String EXPECTED = "guide-output.txt";

  private static final String JNVM_WARNING = "[jnvm] WARNING";

  private DocRun() {}

  /** Throws {@link AssertionError} naming the first broken rule. */
  public static void check(Path projectDir) throws IOException {
    List<String> expected = Files.readAllLines(projectDir.resolve(EXPECTED));
    List<String> log = Files.readAllLines(projectDir.resolve("build.log"));
    check(expected, log);
  }

  static void check(List<String> expected, List<String> log) {
    int at = 0;
    for (String e : expected) {
      at = find(log, e, at);
      if (at < 0)
        throw new AssertionError("the guide's output line never printed (in order): " + e);
      at++;
    }
    long shown = expected.stream().filter(e -> e.startsWith(JNVM_WARNING)).count();
    long printed = log.stream().filter(l -> clean(l).startsWith(JNVM_WARNING)).count();
    if (shown != printed) {
      throw new AssertionError(
          "J-NVM warned " + printed + " time(s), the guide shows " + shown + ": " + warnings(log));
    }
    for (String l : log) {
      String c = clean(l);
      if (c.startsWith("WARNING:") && c.contains("org.jnvm.")) {
        throw new AssertionError("a JDK warning about J-NVM (the guide's flags miss one): " + c);
      }
    }
  }

  /**
   * The first line at or after {@code from} equal to {@code expected}; an expected line ending in
   * {@code ...} matches any line it starts (for lines that name the JDK or a path).
   */
  private static int find(List<String> log, String expected, int from) {
    boolean prefix = expected.endsWith("...");
    String e = prefix ? expected.substring(0, expected.length() - 3) : expected;
    for (int i = from; i < log.size(); i++) {
      String c = clean(log.get(i));
      if (prefix ? c.startsWith(e) : c.equals(e)) return i;
    }
    return -1;
  }

  private static List<String> warnings(List<String> log) {
    return log.stream().map(DocRun::clean).filter(l -> l.startsWith(JNVM_WARNING)).toList();
  }

  /** The line without ANSI colour codes and surrounding blanks. */
  static String clean(String line) {
    return line.replaceAll("\u001B\\[[0-9;]*m", "").strip();
  }
}

package org.jnvm.it;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a Markdown guide tells its reader to paste and run, read from the guide's marked code
 * blocks. A block is marked by words after its language in the fence's info string, which Markdown
 * renderers do not show:
 *
 * <ul>
 *   <li>{@code ```xml file=pom.xml}: the block is the whole content of that file of the project;
 *   <li>{@code ```sh run}: each line is a command to run in the project ({@code mvn ...});
 *   <li>{@code ```text output}: lines the last command of the run block before it prints.
 * </ul>
 *
 * Unmarked blocks are prose. A file given twice, a path leaving the project, an output with no
 * command before it or a command other than {@code mvn} is an error naming the guide's line.
 */
public final class Guide {
  private static final Pattern FENCE = Pattern.compile("^( *)(`{3,}|~{3,})\\s*(.*)$");

  /** One command of a run block and the lines it must print (in order, maybe among others). */
  public record Step(String command, List<String> output) {}

  private final String name;
  private final Map<String, String> files = new LinkedHashMap<>();
  private final List<Step> steps = new ArrayList<>();

  private Guide(String name) {
    this.name = name;
  }

  /** Reads the marked blocks of {@code markdown}; {@code name} names it in error messages. */
  public static Guide parse(String name, String markdown) {
    Guide g = new Guide(name);
    List<String> lines = markdown.lines().toList();
    for (int i = 0; i < lines.size(); i++) {
      Matcher open = FENCE.matcher(lines.get(i));
      if (!open.matches()) continue;
      int indent = open.group(1).length();
      String fence = open.group(2);
      StringBuilder body = new StringBuilder();
      int j = i + 1;
      for (; j < lines.size() && !closes(lines.get(j), fence); j++) {
        body.append(unindent(lines.get(j), indent)).append('\n');
      }
      if (j == lines.size()) throw g.error(i, "code block never closed");
      g.add(i, open.group(3).trim().split("\\s+"), body.toString());
      i = j;
    }
    return g;
  }

  /** The project's files by relative path, in the order the guide gives them. */
  public Map<String, String> files() {
    return files;
  }

  /** The commands to run, in the guide's order. */
  public List<Step> steps() {
    return steps;
  }

  private void add(int line, String[] info, String body) {
    for (int k = 1; k < info.length; k++) {
      String word = info[k];
      if (word.startsWith("file=")) {
        addFile(line, word.substring("file=".length()), body);
      } else if (word.equals("run")) {
        addCommands(line, body);
      } else if (word.equals("output")) {
        addOutput(line, body);
      }
    }
  }

  private void addFile(int line, String path, String body) {
    if (path.isEmpty() || path.startsWith("/") || path.contains("..") || path.contains("\\")) {
      throw error(line, "file path must stay inside the project: " + path);
    }
    if (files.putIfAbsent(path, body) != null) throw error(line, "file given twice: " + path);
  }

  private void addCommands(int line, String body) {
    for (String c : body.lines().map(String::strip).toList()) {
      if (c.isEmpty() || c.startsWith("#")) continue;
      if (!c.startsWith("mvn ")) throw error(line, "a run block holds mvn commands only: " + c);
      steps.add(new Step(c, new ArrayList<>()));
    }
  }

  private void addOutput(int line, String body) {
    if (steps.isEmpty()) throw error(line, "output block with no command before it");
    List<String> out = steps.get(steps.size() - 1).output();
    body.lines().map(String::strip).filter(l -> !l.isEmpty()).forEach(out::add);
  }

  private static boolean closes(String line, String fence) {
    String s = line.strip();
    return s.length() >= fence.length()
        && s.chars().allMatch(c -> c == fence.charAt(0))
        && s.startsWith(fence);
  }

  /** The line without up to {@code indent} leading spaces (a block inside a list item). */
  private static String unindent(String line, int indent) {
    int k = 0;
    while (k < indent && k < line.length() && line.charAt(k) == ' ') k++;
    return line.substring(k);
  }

  private IllegalArgumentException error(int line, String what) {
    return new IllegalArgumentException(name + ":" + (line + 1) + ": " + what);
  }
}

package org.jnvm.server;

import java.util.ArrayList;
import java.util.List;

/**
 * The lines of a server log that say why it failed: the FATAL line and every distinct "Caused by"
 * (the deepest cause last: usually the one that names the problem), else the ERROR lines, without
 * stack frames; else the causes the console shows (a configuration the server could not build fails
 * before its log, on stderr), else the console's tail.
 */
final class LogErrors {
  private static final int MAX_LINES = 40;

  private LogErrors() {}

  static String of(String log, String consoleTail) {
    List<String> keep = matching(log, " FATAL ", "Caused by:");
    if (keep.isEmpty()) keep = matching(log, " ERROR ", "Caused by:");
    if (keep.isEmpty()) keep = matching(consoleTail, "Caused by:", "Caused by:");
    if (keep.isEmpty()) {
      return consoleTail.isBlank() ? "(the log and the console are empty)" : consoleTail;
    }
    return String.join("\n", keep);
  }

  private static List<String> matching(String log, String level, String cause) {
    List<String> keep = new ArrayList<>();
    for (String line : log.split("\n")) {
      boolean hit = line.contains(level) || line.startsWith(cause);
      if (hit && !keep.contains(line)) keep.add(line);
      if (keep.size() == MAX_LINES) break;
    }
    return keep.stream().anyMatch(l -> l.contains(level)) ? keep : List.of();
  }
}

package org.jnvm.crucial.apps;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;

/** "--name value" options of a command line, each checked against the names a command accepts. */
final class Options {
  private final Map<String, String> values = new HashMap<>();

  Options(String[] args, int from, Set<String> accepted) {
    for (int i = from; i < args.length; i += 2) {
      String a = args[i];
      if (!a.startsWith("--") || i + 1 >= args.length) {
        throw new IllegalArgumentException("expected --option value, got '" + a + "'");
      }
      String name = a.substring(2);
      if (!accepted.contains(name)) {
        throw new IllegalArgumentException(
            "unknown option --" + name + " (accepted: " + String.join(", ", accepted) + ")");
      }
      values.put(name, args[i + 1]);
    }
  }

  String get(String name, String dflt) {
    return values.getOrDefault(name, dflt);
  }

  long getLong(String name, long dflt) {
    String v = values.get(name);
    if (v == null) {
      return dflt;
    }
    try {
      return Long.parseLong(v);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("--" + name + " must be a number: '" + v + "'");
    }
  }

  int getInt(String name, int dflt) {
    return Math.toIntExact(getLong(name, dflt));
  }

  boolean has(String name) {
    return values.containsKey(name);
  }
}

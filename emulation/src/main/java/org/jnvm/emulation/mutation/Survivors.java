package org.jnvm.emulation.mutation;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Prints the mutants that survived a PIT run (the {@code -Pmutation} profile): one line each, with
 * the source file and line, the method and the mutation, so that every survivor is either a hole (a
 * crash test to write) or a redundant instruction (marked in the code with the argument why it
 * stays). Reads PIT's {@code mutations.xml}; exits 0 whatever it finds (the list is the output).
 */
public final class Survivors {
  private static final Pattern MUTATION =
      Pattern.compile("<mutation [^>]*status='([A-Z_]+)'[^>]*>(.*?)</mutation>", Pattern.DOTALL);

  /** Calls whose deletion loses durability: the ones the crash tests must account for. */
  private static final Pattern PERSISTENCE =
      Pattern.compile("::(pwb|pwbObject|pwbField|pfence|psync|persist)\\b");

  private Survivors() {}

  public static void main(String[] args) throws IOException {
    Path xml = Path.of(args.length > 0 ? args[0] : "target/pit-reports/mutations.xml");
    if (!Files.exists(xml)) {
      System.out.println("[mutation] no PIT report at " + xml);
      return;
    }
    List<String> durability = new ArrayList<>();
    List<String> other = new ArrayList<>();
    int total = 0;
    Matcher m = MUTATION.matcher(Files.readString(xml));
    while (m.find()) {
      total++;
      if (m.group(1).equals("SURVIVED") || m.group(1).equals("NO_COVERAGE")) {
        String s = m.group(1) + " " + describe(m.group(2));
        (PERSISTENCE.matcher(s).find() ? durability : other).add(s);
      }
    }
    System.out.println(
        "[mutation] "
            + (durability.size() + other.size())
            + " of "
            + total
            + " mutants not killed; "
            + durability.size()
            + " delete a write-back, fence or persist (each a hole or a redundant instruction):");
    for (String s : durability) System.out.println("[mutation]   " + s);
    System.out.println(
        "[mutation] "
            + other.size()
            + " others (frees, volatile bookkeeping, stores: outside what the crash tests judge):");
    for (String s : other) System.out.println("[mutation]   " + s);
  }

  private static String describe(String body) {
    return tag(body, "sourceFile")
        + ":"
        + tag(body, "lineNumber")
        + " "
        + tag(body, "mutatedMethod")
        + ": "
        + tag(body, "description");
  }

  private static String tag(String body, String name) {
    Matcher m = Pattern.compile("<" + name + ">(.*?)</" + name + ">", Pattern.DOTALL).matcher(body);
    return m.find()
        ? m.group(1).replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&")
        : "?";
  }
}

package org.jnvm.ycsb.bench;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Properties;

/**
 * YCSB's core workloads A-F, shipped as property files in the binding's jar ({@code
 * workloads/workloada} ...) and in the repository's {@code ycsb-binding/workloads} folder.
 */
final class Workloads {
  /** In the order YCSB prescribes after one load: D inserts, so it runs after A, B, C and F. */
  static final List<String> ALL = List.of("a", "b", "c", "f", "d", "e");

  private Workloads() {}

  /** The letters of {@code s} (comma-separated, any case), in {@link #ALL}'s order. */
  static List<String> parse(String s) {
    List<String> asked = new ArrayList<>();
    for (String p : s.split(",")) {
      String w = p.trim().toLowerCase(Locale.ROOT).replace("workload", "");
      if (!ALL.contains(w)) {
        throw new IllegalArgumentException("unknown workload: " + p + " (known: a,b,c,d,e,f)");
      }
      asked.add(w);
    }
    return ALL.stream().filter(asked::contains).toList();
  }

  /** The properties of workload {@code letter}. */
  static Properties load(String letter) {
    String name = "/workloads/workload" + letter;
    Properties p = new Properties();
    try (InputStream in = Workloads.class.getResourceAsStream(name)) {
      if (in == null) throw new IllegalStateException("workload file missing: " + name);
      p.load(in);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read workload file: " + name, e);
    }
    return p;
  }
}

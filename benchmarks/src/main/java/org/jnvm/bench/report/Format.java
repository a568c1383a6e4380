package org.jnvm.bench.report;

import java.util.Locale;

/** Number formats of the report: enough digits for sub-nanosecond scores, no more. */
final class Format {
  private Format() {}

  static String score(double v) {
    return score(v, decimals(v));
  }

  /** A score with its error at the score's precision, e.g. {@code 210.3 ± 4.1}. */
  static String scoreWithError(JmhResult r) {
    int d = decimals(r.score());
    return Double.isNaN(r.error())
        ? score(r.score(), d)
        : score(r.score(), d) + " ± " + score(r.error(), d);
  }

  private static int decimals(double v) {
    return v < 10 ? 2 : v < 1000 ? 1 : 0;
  }

  private static String score(double v, int decimals) {
    if (Double.isNaN(v)) return "?";
    return String.format(Locale.ROOT, "%,." + decimals + "f", v);
  }

  static String ratio(double v) {
    return String.format(Locale.ROOT, "%.2f", v);
  }

  /** Objects per second in millions, e.g. {@code 2.41M}. */
  static String rate(double perSecond) {
    return String.format(Locale.ROOT, "%.2fM", perSecond / 1e6);
  }

  /** A value fit for a Markdown table cell. */
  static String cell(String s) {
    return s.replace("|", "\\|").replace("\n", " ");
  }
}

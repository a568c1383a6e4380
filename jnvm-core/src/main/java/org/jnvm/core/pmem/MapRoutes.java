package org.jnvm.core.pmem;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Picks the mapping route once per JVM: JDK 22+ maps with {@code FileChannel.map(..., Arena)}
 * ({@link ForeignRoute}), JDK 17 with its internal {@code mapInternal} ({@link Jdk17Route}); every
 * other case, or {@code -Djnvm.mapping=buffer}, uses {@link BufferRoute}, limited to 2 GiB - 1, and
 * a larger mapping is refused with the reason.
 */
final class MapRoutes {
  static final String PROPERTY = "jnvm.mapping";

  private MapRoutes() {}

  static MapRoute select() {
    String wanted = System.getProperty(PROPERTY, "auto").trim().toLowerCase(Locale.ROOT);
    List<String> refused = new ArrayList<>();
    int feature = Runtime.version().feature();
    if (wanted.equals("buffer")) {
      refused.add(PROPERTY + "=buffer");
    } else if (!wanted.equals("auto")) {
      throw new IllegalStateException(
          "unknown mapping route: " + PROPERTY + "=" + wanted + " known=[auto, buffer]");
    } else if (feature >= 22) {
      MapRoute r = ForeignRoute.tryCreate(refused);
      if (r != null) return r;
    } else if (feature == 17) {
      MapRoute r = Jdk17Route.tryCreate(refused);
      if (r != null) return r;
    } else {
      refused.add("JDK " + feature + " has no unbounded mapping route here (17 or 22+ needed)");
    }
    return new BufferRoute(String.join("; ", refused));
  }

  /** The error text for a mapping larger than {@code route} can make. */
  static String tooLarge(MapRoute route, long size) {
    String why = route instanceof BufferRoute b ? b.why() : route.name();
    return "a heap mapping of "
        + size
        + " bytes is larger than this JVM can map in one piece (at most "
        + route.maxSize()
        + " bytes: "
        + why
        + "); use JDK 22+, or JDK 17 with --add-opens java.base/sun.nio.ch=ALL-UNNAMED";
  }
}

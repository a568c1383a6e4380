package org.jnvm.server;

import java.nio.file.Path;
import java.util.Locale;

/**
 * What keeps the served cache's entries: the J-NVM store (either mode) on each node's heap, the
 * SoftIndexFileStore (Infinispan's default file store) beside it, or nothing (volatile).
 */
public enum StoreBackend {
  JPDT,
  JPFA,
  SIFS,
  VOLATILE;

  /** The name users select it by: {@code jpdt}, {@code jpfa}, {@code sifs}, {@code volatile}. */
  public String cliName() {
    return name().toLowerCase(Locale.ROOT);
  }

  public static StoreBackend parse(String name) {
    for (StoreBackend b : values()) {
      if (b.cliName().equals(name.trim().toLowerCase(Locale.ROOT))) return b;
    }
    throw new IllegalArgumentException(
        "unknown store backend '" + name + "' (known: jpdt, jpfa, sifs, volatile)");
  }

  /** True if the node keeps the entries in its J-NVM heap. */
  public boolean jnvm() {
    return this == JPDT || this == JPFA;
  }

  /**
   * The {@code <persistence>} element of the cache, or an empty string for a volatile cache. J-NVM
   * entries are preloaded at start: the container then holds every entry (a small proxy each) and
   * no read takes the store's load path (infinispan-store/README.md, the recommended
   * configuration).
   */
  String persistenceXml(Path heap, String heapSize, Path storeDir) {
    return switch (this) {
      case JPDT, JPFA ->
          """
                  <persistence passivation="false">
                     <jnvm-store xmlns="urn:org:jnvm:infinispan:store:0.1" path="%s" size="%s"
                                 mode="%s" preload="true"/>
                  </persistence>
          """
              .formatted(Xml.attr(heap.toString()), Xml.attr(heapSize), name());
      case SIFS ->
          """
                  <persistence passivation="false">
                     <file-store preload="true">
                        <data path="%s"/>
                        <index path="%s"/>
                     </file-store>
                  </persistence>
          """
              .formatted(
                  Xml.attr(storeDir.resolve("sifs-data").toString()),
                  Xml.attr(storeDir.resolve("sifs-index").toString()));
      case VOLATILE -> "";
    };
  }
}

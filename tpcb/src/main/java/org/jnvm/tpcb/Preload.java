package org.jnvm.tpcb;

import org.infinispan.configuration.cache.StoreConfigurationBuilder;
import org.jnvm.infinispan.configuration.JnvmStoreConfigurationBuilder;

/**
 * Which stores preload the cache at start. Infinispan preloads a transactional cache one entry per
 * transaction (tens of microseconds each), so a bank with a long history takes seconds to preload
 * whatever the store. A J-NVM store needs no preload: its entries are in (persistent) memory, and a
 * miss costs a map lookup, not a file read.
 */
enum Preload {
  /** Every store preloads, as the SOSP'21 bank ran. */
  ALL,
  /** File stores preload; J-NVM stores serve misses from memory (the default). */
  AUTO,
  /** No store preloads: misses are loaded on demand. */
  NONE;

  boolean preloads(StoreConfigurationBuilder<?, ?> store) {
    return switch (this) {
      case ALL -> true;
      case NONE -> false;
      case AUTO -> !(store instanceof JnvmStoreConfigurationBuilder);
    };
  }
}

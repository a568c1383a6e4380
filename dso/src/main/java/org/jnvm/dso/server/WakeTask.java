package org.jnvm.dso.server;

import java.io.Serializable;
import java.util.function.Function;
import org.infinispan.manager.EmbeddedCacheManager;

/**
 * Runs on every node after a call completed parked calls of an object: each node re-reads the
 * outcomes of the calls it has parked on that object and answers those now complete.
 */
final class WakeTask implements Function<EmbeddedCacheManager, Boolean>, Serializable {
  private static final long serialVersionUID = 1L;

  private final boolean persistent;
  private final String key;

  WakeTask(boolean persistent, String key) {
    this.persistent = persistent;
    this.key = key;
  }

  @Override
  public Boolean apply(EmbeddedCacheManager manager) {
    DsoNode node = DsoNode.of(manager);
    if (node != null) {
      node.waiters().check(persistent, key);
    }
    return Boolean.TRUE;
  }
}

package org.jnvm.infinispan;

import org.jnvm.core.JnvmException;

/**
 * The heap holds this cache's store, written with another configuration (mode, segment count or
 * format version) than the one the cache starts with. Nothing was changed.
 */
public final class StoreMismatchException extends JnvmException {
  private static final long serialVersionUID = 1L;

  StoreMismatchException(String message) {
    super(message);
  }
}

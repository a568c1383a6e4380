package org.jnvm.crucial;

import java.io.Serializable;

/**
 * The body of a distributed parallel for: run once per index ({@link
 * ServerlessExecutorService#invokeIterativeTask}).
 */
@FunctionalInterface
public interface IterativeTask extends Serializable {
  void run(long index);
}

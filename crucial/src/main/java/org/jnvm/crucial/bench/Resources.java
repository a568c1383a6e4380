package org.jnvm.crucial.bench;

import java.util.ArrayList;
import java.util.List;

/**
 * What a benchmark run started (node clusters, redis-servers, worker JVMs, clients), closed in
 * reverse order exactly once: by {@link #close} on success or failure, or by a shutdown hook when
 * the run is interrupted (Ctrl-C), so that no child process outlives the run.
 */
final class Resources implements AutoCloseable {
  private final List<AutoCloseable> open = new ArrayList<>();
  private final Thread hook = new Thread(this::closeAll, "dso-bench-cleanup");
  private boolean closed;

  Resources() {
    Runtime.getRuntime().addShutdownHook(hook);
  }

  synchronized <T extends AutoCloseable> T keep(T c) {
    if (closed) {
      close(c);
      throw new IllegalStateException("the run is being stopped");
    }
    open.add(c);
    return c;
  }

  @Override
  public void close() {
    closeAll();
    try {
      Runtime.getRuntime().removeShutdownHook(hook);
    } catch (IllegalStateException e) {
      // already shutting down: the hook is running or ran
    }
  }

  private synchronized void closeAll() {
    closed = true;
    for (int i = open.size() - 1; i >= 0; i--) {
      close(open.get(i));
    }
    open.clear();
  }

  private static void close(AutoCloseable c) {
    try {
      c.close();
    } catch (Exception e) {
      System.err.println("[dso-bench] closing " + c + ": " + e);
    }
  }
}

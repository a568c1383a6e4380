package org.jnvm.crucial.apps;

import java.util.List;
import org.jnvm.crucial.ServerlessExecutorService;
import org.jnvm.crucial.backend.Backend;
import org.jnvm.crucial.backend.ProcessBackend;
import org.jnvm.crucial.backend.ThreadBackend;
import org.jnvm.crucial.cluster.EmbeddedNode;
import org.jnvm.dso.DsoClient;
import org.jnvm.dso.wire.TypeRegistry;

/**
 * What an application run needs: DSO servers (given, or one embedded node), the default DSO client,
 * and an executor on the chosen backend. Closing shuts them down in reverse order.
 */
final class AppEnv implements AutoCloseable {
  /** User shared object classes of the sample applications (nodes and workers allow them). */
  static final List<Class<?>> TYPES = List.of(MandelbrotImage.class);

  final DsoClient dso;
  final ServerlessExecutorService se;
  final int workers;
  private final EmbeddedNode embedded;

  AppEnv(String servers, String backend, int workers) {
    TYPES.forEach(TypeRegistry::register);
    this.workers = workers;
    embedded =
        servers == null
            ? EmbeddedNode.start("app", TYPES.stream().map(Class::getName).toList())
            : null;
    String endpoints = servers == null ? embedded.endpoint() : servers;
    dso = DsoClient.connect(endpoints);
    DsoClient.setDefault(dso);
    se = new ServerlessExecutorService(backend(backend, workers, endpoints));
    if (embedded != null) {
      // An interrupted run (Ctrl-C, SIGTERM) still removes the embedded node's directory.
      Runtime.getRuntime().addShutdownHook(new Thread(embedded::close, "embedded-node-close"));
    }
  }

  private static Backend backend(String kind, int workers, String endpoints) {
    switch (kind) {
      case "threads":
        return new ThreadBackend(workers);
      case "processes":
        return ProcessBackend.builder()
            .workers(workers)
            .servers(endpoints)
            .types(TYPES.toArray(Class<?>[]::new))
            .start();
      default:
        throw new IllegalArgumentException(
            "--backend must be threads or processes, not '" + kind + "'");
    }
  }

  @Override
  public void close() {
    se.shutdown();
    try {
      se.awaitTermination(30, java.util.concurrent.TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    dso.close();
    if (embedded != null) {
      embedded.close();
    }
  }
}

package org.jnvm.crucial.cluster;

import java.nio.file.Path;
import java.util.List;
import org.jnvm.dso.server.DsoNode;
import org.jnvm.dso.server.NodeConfig;
import org.jnvm.dso.server.PersistentStore;

/**
 * A single DSO node inside this JVM, on loopback, with its store in a fresh scratch directory that
 * {@link #close} removes: what {@code bin/jnvm crucial APP} uses when no servers are given.
 */
public final class EmbeddedNode implements AutoCloseable {
  private final Path dir;
  private final DsoNode node;
  private final java.util.concurrent.atomic.AtomicBoolean closed =
      new java.util.concurrent.atomic.AtomicBoolean();

  private EmbeddedNode(Path dir, DsoNode node) {
    this.dir = dir;
    this.node = node;
  }

  /** Starts a node allowing {@code types} (user shared object and value classes). */
  public static EmbeddedNode start(String name, List<String> types) {
    Path dir = Ports.scratchDir("jnvm-crucial-" + name + "-");
    int cluster = Ports.freePair();
    NodeConfig c =
        new NodeConfig(
            name,
            "127.0.0.1",
            0,
            cluster,
            List.of("127.0.0.1[" + cluster + "]"),
            null,
            "crucial-" + name + "-" + ProcessHandle.current().pid(),
            dir,
            1,
            1,
            0,
            types,
            "",
            PersistentStore.DEFAULT_SIZE);
    try {
      return new EmbeddedNode(dir, DsoNode.start(c, 120_000));
    } catch (RuntimeException | Error e) {
      Ports.deleteTree(dir);
      throw e;
    }
  }

  /** "host:port" of the node's client endpoint. */
  public String endpoint() {
    return node.endpoint();
  }

  /** Stops the node and removes its directory; idempotent. */
  @Override
  public void close() {
    if (!closed.compareAndSet(false, true)) {
      return;
    }
    try {
      node.close();
    } finally {
      Ports.deleteTree(dir);
    }
  }
}

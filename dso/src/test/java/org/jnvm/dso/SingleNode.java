package org.jnvm.dso;

import java.nio.file.Path;
import java.util.List;
import org.jnvm.dso.server.DsoNode;
import org.jnvm.dso.server.NodeConfig;
import org.jnvm.dso.server.PersistentStore;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/** A JUnit extension: one in-process node for a test class, stopped and removed after it. */
final class SingleNode implements BeforeAllCallback, AfterAllCallback {
  private final String name;
  private final String token;
  private Path dir;
  private DsoNode node;

  SingleNode(String name) {
    this(name, "");
  }

  /** A node whose clients must present {@code token}. */
  SingleNode(String name, String token) {
    this.name = name;
    this.token = token;
  }

  @Override
  public void beforeAll(ExtensionContext context) {
    dir = TestNodes.freshDir(name);
    NodeConfig single = NodeConfig.single(name, 0, TestNodes.freePortPair(), dir);
    NodeConfig c =
        new NodeConfig(
            single.name(),
            single.bind(),
            0,
            single.clusterPort(),
            single.peers(),
            null,
            single.clusterName() + "-" + ProcessHandle.current().pid(),
            dir,
            1,
            1,
            0,
            List.of(),
            token,
            PersistentStore.DEFAULT_SIZE);
    node = DsoNode.start(c, 60_000);
  }

  @Override
  public void afterAll(ExtensionContext context) {
    try {
      if (node != null) {
        node.close();
      }
    } finally {
      TestNodes.deleteTree(dir);
    }
  }

  DsoNode node() {
    return node;
  }

  DsoClient client() {
    return DsoClient.builder()
        .servers(node.endpoint())
        .token(token)
        .callTimeout(java.time.Duration.ofSeconds(20))
        .connect();
  }
}

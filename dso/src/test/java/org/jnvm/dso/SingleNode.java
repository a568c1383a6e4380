package org.jnvm.dso;

import java.nio.file.Path;
import org.jnvm.dso.server.DsoNode;
import org.jnvm.dso.server.NodeConfig;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/** A JUnit extension: one in-process node for a test class, stopped and removed after it. */
final class SingleNode implements BeforeAllCallback, AfterAllCallback {
  private final String name;
  private Path dir;
  private DsoNode node;

  SingleNode(String name) {
    this.name = name;
  }

  @Override
  public void beforeAll(ExtensionContext context) {
    dir = TestNodes.freshDir(name);
    node = DsoNode.start(NodeConfig.single(name, 0, TestNodes.freePortPair(), dir), 60_000);
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
        .callTimeout(java.time.Duration.ofSeconds(20))
        .connect();
  }
}

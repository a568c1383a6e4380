package org.jnvm.crucial;

import java.util.List;
import org.jnvm.crucial.apps.MandelbrotImage;
import org.jnvm.crucial.cluster.EmbeddedNode;
import org.jnvm.dso.DsoClient;
import org.jnvm.dso.wire.TypeRegistry;

/**
 * One embedded DSO node shared by the test classes of this JVM (starting one is the slow part),
 * with a client set as the JVM's default; removed by a shutdown hook.
 */
final class TestNode {
  private static EmbeddedNode node;
  private static DsoClient client;

  private TestNode() {}

  static synchronized DsoClient client() {
    if (node == null) {
      TypeRegistry.register(MandelbrotImage.class);
      node = EmbeddedNode.start("tests", List.of(MandelbrotImage.class.getName()));
      client = DsoClient.connect(node.endpoint());
      Runtime.getRuntime()
          .addShutdownHook(
              new Thread(
                  () -> {
                    client.close();
                    node.close();
                  }));
    }
    DsoClient.setDefault(client);
    return client;
  }

  static synchronized String endpoint() {
    client();
    return node.endpoint();
  }
}

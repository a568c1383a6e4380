package org.jnvm.dso.server;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import org.infinispan.commons.marshall.JavaSerializationMarshaller;
import org.infinispan.configuration.global.GlobalConfigurationBuilder;
import org.infinispan.configuration.global.ShutdownHookBehavior;
import org.infinispan.remoting.transport.jgroups.JGroupsTransport;
import org.jgroups.JChannel;

/** Builds a node's global configuration: JGroups transport and the marshalling allow-list. */
final class Clustering {
  private Clustering() {}

  static GlobalConfigurationBuilder clustered(NodeConfig c) {
    GlobalConfigurationBuilder g = new GlobalConfigurationBuilder();
    g.transport()
        .defaultTransport()
        .clusterName(c.clusterName())
        .nodeName(c.name())
        .transport(new JGroupsTransport(channel(c)));
    common(g);
    return g;
  }

  static GlobalConfigurationBuilder local() {
    GlobalConfigurationBuilder g = new GlobalConfigurationBuilder().nonClusteredDefault();
    common(g);
    return g;
  }

  /**
   * Functions, their requests and wake-up tasks travel between nodes through Java serialization
   * restricted to this module's classes; object state travels as bytes.
   */
  private static void common(GlobalConfigurationBuilder g) {
    g.serialization()
        .marshaller(new JavaSerializationMarshaller())
        .allowList()
        .addRegexps("org\\.jnvm\\.dso\\..*", "java\\.lang\\.(Boolean|Long|Integer|String|Record)");
    g.globalState().disable();
    g.shutdown().hookBehavior(ShutdownHookBehavior.DONT_REGISTER);
    g.jmx().disable();
  }

  private static JChannel channel(NodeConfig c) {
    try (InputStream in = stack(c)) {
      return new JChannel(in).name(c.name());
    } catch (Exception e) {
      throw new IllegalStateException(
          "cannot create the JGroups channel of node "
              + c.name()
              + " on "
              + c.bind()
              + ":"
              + c.clusterPort()
              + " (stack "
              + (c.jgroupsFile() == null ? "built-in" : c.jgroupsFile())
              + ")",
          e);
    }
  }

  private static InputStream stack(NodeConfig c) throws IOException {
    if (c.jgroupsFile() != null) {
      return Files.newInputStream(c.jgroupsFile());
    }
    String xml;
    try (InputStream in = Clustering.class.getResourceAsStream("jgroups-tcp.xml")) {
      if (in == null) {
        throw new UncheckedIOException(
            new IOException("jgroups-tcp.xml missing from the class path"));
      }
      xml = new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
    xml =
        xml.replace("@BIND@", c.bind())
            .replace("@PORT@", Integer.toString(c.clusterPort()))
            .replace("@HOSTS@", String.join(",", c.peers()))
            .replace("@FD_OFFSET@", "1");
    return new ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8));
  }
}

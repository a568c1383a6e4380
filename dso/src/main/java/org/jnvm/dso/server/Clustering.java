package org.jnvm.dso.server;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import org.infinispan.commons.marshall.JavaSerializationMarshaller;
import org.infinispan.configuration.global.GlobalConfigurationBuilder;
import org.infinispan.configuration.global.ShutdownHookBehavior;
import org.infinispan.remoting.transport.jgroups.JGroupsTransport;

/** Builds a node's global configuration: JGroups transport and the marshalling allow-list. */
final class Clustering {
  private Clustering() {}

  static GlobalConfigurationBuilder clustered(NodeConfig c) {
    GlobalConfigurationBuilder g = new GlobalConfigurationBuilder();
    g.transport()
        .defaultTransport()
        .clusterName(c.clusterName())
        .nodeName(c.name())
        .addProperty(JGroupsTransport.CONFIGURATION_STRING, stackXml(c));
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

  private static String stackXml(NodeConfig c) {
    try {
      return stack(c);
    } catch (IOException e) {
      throw new UncheckedIOException(
          "cannot read the JGroups stack of node "
              + c.name()
              + " ("
              + (c.jgroupsFile() == null ? "built-in" : c.jgroupsFile())
              + ")",
          e);
    }
  }

  private static String stack(NodeConfig c) throws IOException {
    if (c.jgroupsFile() != null) {
      return Files.readString(c.jgroupsFile());
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
    return xml;
  }
}

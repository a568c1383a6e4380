package org.jnvm.server;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;

/**
 * A node's server root, as Infinispan Server expects one:
 *
 * <pre>
 *   NODE/
 *     conf/infinispan.xml     the cluster, the cache and its store (written here)
 *     conf/log4j2.xml         the server log: NODE/log/server.log
 *     lib/                    the drop-in jar (infinispan-store's -server jar)
 *     data/                   global state: the node's persistent identity and topology
 *     log/
 * </pre>
 *
 * Laying a root out again rewrites {@code conf} and {@code lib} and keeps {@code data} and the
 * heap: a restarted node finds its state.
 */
final class NodeConfig {
  static final String CONFIG = "infinispan.xml";
  static final String SERVER_LOG = "server.log";

  private NodeConfig() {}

  static void layOut(ClusterSpec c, NodeSpec n, Path dropIn) {
    Path root = n.root(c.dir());
    try {
      Files.createDirectories(root.resolve("conf"));
      Files.createDirectories(root.resolve("data"));
      Files.createDirectories(root.resolve("log"));
      Path lib = Files.createDirectories(root.resolve("lib"));
      Files.copy(dropIn, lib.resolve(dropIn.getFileName()), StandardCopyOption.REPLACE_EXISTING);
      Files.writeString(root.resolve("conf").resolve(CONFIG), infinispanXml(c, n));
      Files.writeString(root.resolve("conf").resolve("log4j2.xml"), LOG4J2);
      Files.writeString(root.resolve("conf").resolve("logging.properties"), JUL);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot lay out node root " + root + ": " + e, e);
    }
  }

  static Path serverLog(ClusterSpec c, NodeSpec n) {
    return n.root(c.dir()).resolve("log").resolve(SERVER_LOG);
  }

  static String infinispanXml(ClusterSpec c, NodeSpec n) {
    Path root = n.root(c.dir());
    return """
        <infinispan xmlns="urn:infinispan:config:15.2" xmlns:ispn="urn:infinispan:config:15.2">
           <jgroups>
              <!-- discovery among the cluster's loopback ports only: no multicast -->
              <stack name="loopback" extends="tcp">
                 <TCPPING xmlns="urn:org:jgroups" initial_hosts="%s" port_range="0"
                          ispn:stack.combine="REPLACE" ispn:stack.position="MPING"/>
              </stack>
           </jgroups>
           <cache-container name="default" statistics="false">
              <transport cluster="%s" stack="loopback" node-name="%s"/>
              <global-state>
                 <persistent-location path="%s"/>
              </global-state>
              <distributed-cache name="%s" owners="%d" statistics="false"
                  consistent-hash-factory="org.jnvm.infinispan.cluster.NamedRingHashFactory">
                 <encoding media-type="application/x-protostream"/>
        %s%s         <!-- after a loss of owners: a key is read while one of its owners is up, written
                      while all are; otherwise an availability error, never an empty answer -->
                 <partition-handling when-split="ALLOW_READS" merge-policy="NONE"/>
              </distributed-cache>
           </cache-container>
           <server xmlns="urn:infinispan:server:15.2">
              <interfaces>
                 <interface name="loopback">
                    <inet-address value="127.0.0.1"/>
                 </interface>
              </interfaces>
              <socket-bindings default-interface="loopback" port-offset="0">
                 <socket-binding name="default" port="%d"/>
              </socket-bindings>
              <endpoints>
                 <endpoint socket-binding="default">
                    <hotrod-connector/>
                    <rest-connector/>
                 </endpoint>
              </endpoints>
           </server>
        </infinispan>
        """
        .formatted(
            initialHosts(c.nodes()),
            Xml.attr(c.name()),
            Xml.attr(n.name()),
            Xml.attr(root.resolve("data").toString()),
            Xml.attr(c.cache()),
            c.owners(),
            c.memoryMaxCount() > 0
                ? "         <memory max-count=\"" + c.memoryMaxCount() + "\"/>\n"
                : "",
            c.backend().persistenceXml(n.heap(c.heapDir()), c.heapSize(), root.resolve("data")),
            n.hotrodPort());
  }

  private static String initialHosts(List<NodeSpec> nodes) {
    return String.join(",", nodes.stream().map(n -> "127.0.0.1[" + n.jgroupsPort() + "]").toList());
  }

  /** The server log in one file; nothing on the console (the launcher keeps stdout for itself). */
  private static final String LOG4J2 =
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <Configuration name="jnvm-server">
        <Appenders>
          <File name="FILE" fileName="${sys:infinispan.server.log.path}/server.log" append="true">
            <PatternLayout pattern="%d{yyyy-MM-dd HH:mm:ss,SSS} %-5p (%t) [%c{1}] %m%throwable%n"/>
          </File>
        </Appenders>
        <Loggers>
          <Root level="INFO">
            <AppenderRef ref="FILE"/>
          </Root>
        </Loggers>
      </Configuration>
      """;

  /** java.util.logging: the server routes it to log4j2; Bootstrap wants the file to exist. */
  private static final String JUL = "handlers=\n";
}

package org.jnvm.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.infinispan.client.hotrod.RemoteCacheManager;
import org.jnvm.core.pmem.GatewayFlags;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * {@code bin/jnvm server} as a process: it says ready with the node's Hot Rod port, serves, and on
 * SIGTERM stops its node and exits, leaving no JVM behind; started again over its directory it
 * serves what it held.
 */
class ServerCommandTest {
  private static final Pattern NODE = Pattern.compile("Hot Rod 127\\.0\\.0\\.1:(\\d+), pid (\\d+)");

  @Test
  void servesUntilSigtermThenStopsItsNodeAndRestartsWithItsData() throws Exception {
    ClusterSpec spec = TestClusters.spec("cmd", 1);
    try {
      Launched first = launch(spec);
      try (RemoteCacheManager c = TestClusters.client("127.0.0.1:" + first.port)) {
        c.getCache("jnvm").put("k", "v".getBytes(StandardCharsets.UTF_8));
      }
      first.stop();
      Launched second = launch(spec);
      try (RemoteCacheManager c = TestClusters.client("127.0.0.1:" + second.port)) {
        byte[] v = (byte[]) c.getCache("jnvm").get("k");
        assertEquals("v", new String(v, StandardCharsets.UTF_8));
      }
      second.stop();
    } finally {
      TestClusters.delete(spec);
    }
  }

  /** {@code bin/jnvm server --help} prints this file without a build: it must be the usage. */
  @Test
  void theHelpThatShipsWithoutABuildIsTheCommandsUsage() throws Exception {
    StringWriter w = new StringWriter();
    new CommandLine(new ServerCommand()).usage(new PrintWriter(w, true), CommandLine.Help.Ansi.OFF);
    Path shipped = Path.of("src/main/resources/org/jnvm/server/usage.txt");
    assertEquals(
        w.toString(),
        Files.readString(shipped),
        "regenerate " + shipped + " from `ServerCommand --help`");
  }

  private record Launched(
      Process launcher, long nodePid, int port, List<String> out, Thread drain) {
    void stop() throws Exception {
      // SIGTERM through the handle: Process.destroy() would also close our end of its output
      launcher.toHandle().destroy();
      assertTrue(launcher.waitFor(90, TimeUnit.SECONDS), "the launcher exits on SIGTERM");
      drain.join(10_000);
      assertFalse(
          ProcessHandle.of(nodePid).map(ProcessHandle::isAlive).orElse(false), "node stopped");
      assertTrue(
          String.join("\n", out).contains("[server] stopped"),
          "exit " + launcher.exitValue() + ", drain alive " + drain.isAlive() + ":\n" + out);
    }
  }

  private static Launched launch(ClusterSpec spec) throws Exception {
    List<String> cmd = new ArrayList<>();
    cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    cmd.addAll(GatewayFlags.forThisJdk());
    for (String p : List.of(ServerArtifacts.CLASSPATH_PROPERTY, ServerArtifacts.DROPIN_PROPERTY)) {
      cmd.add("-D" + p + "=" + System.getProperty(p));
    }
    cmd.addAll(
        List.of("-cp", System.getProperty("java.class.path"), ServerCommand.class.getName()));
    NodeSpec n = spec.nodes().get(0);
    cmd.addAll(
        List.of(
            "--dir", spec.dir().toString(),
            "--heap-dir", spec.heapDir().toString(),
            "--name", spec.name(),
            "--port", Integer.toString(n.hotrodPort()),
            "--jgroups-port", Integer.toString(n.jgroupsPort()),
            "--heap-size", "64m",
            "--xmx", "384"));
    Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
    List<String> out = java.util.Collections.synchronizedList(new ArrayList<>());
    BufferedReader r =
        new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
    long pid = -1;
    int port = -1;
    for (String line; (line = r.readLine()) != null; ) {
      out.add(line);
      Matcher m = NODE.matcher(line);
      if (m.find()) {
        port = Integer.parseInt(m.group(1));
        pid = Long.parseLong(m.group(2));
      }
      if (line.startsWith("[server] ready")) break;
    }
    assertTrue(pid > 0 && port == n.hotrodPort(), "ready with its node: " + out);
    Thread drain =
        new Thread(
            () -> {
              try {
                for (String line; (line = r.readLine()) != null; ) out.add(line);
              } catch (java.io.IOException e) {
                // the launcher exited
              }
            });
    drain.setDaemon(true);
    drain.start();
    assertTrue(Files.isDirectory(spec.dir().resolve("home")));
    return new Launched(p, pid, port, out, drain);
  }
}

package org.jnvm.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** The launcher's parts that need no server: layout, log reading, option checks. */
class LauncherPartsTest {
  @Test
  void theLoaderSeesOneJarPerArtifactThisPlatformsNativeOne() {
    List<Path> jars =
        List.of(
            Path.of("netty-transport-native-epoll-4.1.124.Final.jar"),
            Path.of("netty-transport-native-epoll-4.1.124.Final-linux-aarch_64.jar"),
            Path.of("netty-transport-native-epoll-4.1.124.Final-linux-x86_64.jar"),
            Path.of("lua51-4.0.2.jar"),
            Path.of("lua51-platform-4.0.2-natives-desktop.jar"));
    List<Path> chosen = ServerHome.oneJarPerArtifact(jars);
    assertEquals(3, chosen.size(), chosen.toString());
    String arch = System.getProperty("os.arch").equals("aarch64") ? "aarch_64" : "x86_64";
    assertTrue(chosen.toString().contains("linux-" + arch), chosen.toString());
    assertEquals("netty-transport-native-epoll", ServerHome.artifactName(jars.get(2).toString()));
    assertEquals("lua51-platform", ServerHome.artifactName("lua51-platform-4.0.2-natives.jar"));
  }

  @Test
  void theHomeHoldsTheLoaderAndLinksToTheServerJars(@TempDir Path tmp) throws Exception {
    Path loader = Files.writeString(tmp.resolve("infinispan-server-runtime-1.0-loader.jar"), "L");
    Path core = Files.writeString(tmp.resolve("infinispan-core-1.0.jar"), "C");
    Path dropIn = Files.writeString(tmp.resolve("store-server.jar"), "D");
    ServerArtifacts a = new ServerArtifacts(loader, List.of(core), dropIn);
    ServerHome home = ServerHome.layOut(tmp.resolve("home"), a);
    assertEquals("L", Files.readString(home.loaderJar()));
    Path link = tmp.resolve("home/lib/infinispan-core-1.0.jar");
    assertTrue(Files.isSymbolicLink(link));
    ServerHome.layOut(tmp.resolve("home"), a); // laid out again over itself
    assertEquals("C", Files.readString(link));
  }

  @Test
  void aClassPathWithoutTheLoaderIsRefusedWithTheFileNamed(@TempDir Path tmp) throws Exception {
    Path cp = Files.writeString(tmp.resolve("cp.txt"), "a-1.jar:b-2.jar");
    IllegalStateException e =
        assertThrows(
            IllegalStateException.class,
            () -> ServerArtifacts.fromClassPathFile(cp, tmp.resolve("d.jar")));
    assertTrue(e.getMessage().contains(cp.toString()), e.getMessage());
  }

  @Test
  void logErrorsKeepTheFatalLineAndItsCausesWithoutFrames() {
    String log =
        String.join(
            "\n",
            "12:00 INFO  (main) [SERVER] ISPN080000: starting",
            "12:01 ERROR (main) [CONFIG] noise",
            "12:01 FATAL (main) [SERVER] ISPN080028: Infinispan Server failed to start",
            "\tat org.infinispan.Foo.bar(Foo.java:1)",
            "Caused by: java.lang.IllegalStateException: heap /dev/shm/x.heap is locked",
            "\tat org.jnvm.Baz.qux(Baz.java:2)");
    String e = LogErrors.of(log, "");
    assertTrue(e.contains("ISPN080028") && e.contains("is locked"), e);
    assertTrue(!e.contains("\tat ") && !e.contains("noise"), e);
    assertTrue(LogErrors.of("", "Caused by: java.lang.X: size=\"lots\"").contains("lots"));
  }

  @Test
  void badOptionsAreRefusedWithTheirValues() {
    assertEquals("--nodes must be within 1..16: 0", refused("--dir", "d", "--nodes", "0"));
    assertTrue(refused("--dir", "d", "--backend", "redis").contains("redis"));
    assertTrue(
        refused("--dir", "d", "--nodes", "3", "--port", "7801", "--jgroups-port", "7800")
            .contains("overlap"));
    assertTrue(refused("--dir", "d", "--name", "a b").contains("a b"));
  }

  @Test
  void theDefaultsMakeATwoOwnerJpdtClusterOnLoopback() {
    ServerCommand c = new ServerCommand();
    new CommandLine(c).parseArgs("--dir", "d", "--nodes", "3");
    ClusterSpec s = c.spec();
    assertEquals("127.0.0.1:11222;127.0.0.1:11223;127.0.0.1:11224", s.hotrodServers());
    assertEquals(StoreBackend.JPDT, s.backend());
    assertEquals(2, s.owners());
    assertEquals(Path.of("/dev/shm/jnvm-server-jnvm"), s.heapDir());
    String xml = NodeConfig.infinispanXml(s, s.nodes().get(1));
    assertTrue(xml.contains("NamedRingHashFactory") && xml.contains("<jnvm-store"), xml);
    assertTrue(xml.contains("127.0.0.1[7800],127.0.0.1[7801],127.0.0.1[7802]"), xml);
  }

  @Test
  void oneNodeOptionsNameANodeOfTheCluster() {
    assertTrue(refused("--dir", "d", "--nodes", "3", "--node", "3").contains("nodes 0..2"));
    assertTrue(refused("--dir", "d", "--nodes", "3", "--stop", "-1").contains("--stop -1"));
    assertTrue(refused("--dir", "d", "--nodes", "3", "--status", "--stop", "1").contains("alone"));
    assertTrue(
        refused("--dir", "d", "--nodes", "3", "--node", "0", "--stop", "1").contains("together"));
  }

  @Test
  void theCacheDeniesReadsAndWritesOfSegmentsWithoutAnOwnerUp() {
    ServerCommand c = new ServerCommand();
    new CommandLine(c).parseArgs("--dir", "d", "--nodes", "3");
    ClusterSpec s = c.spec();
    String xml = NodeConfig.infinispanXml(s, s.nodes().get(0));
    assertTrue(xml.contains("<partition-handling when-split=\"ALLOW_READS\""), xml);
  }

  @Test
  void portsInTheEphemeralRangeAreFound(@TempDir Path tmp) throws Exception {
    Path range = Files.writeString(tmp.resolve("range"), "32768\t60999\n");
    int[] r = EphemeralPorts.range(range).orElseThrow();
    assertEquals(32768, r[0]);
    assertEquals(60999, r[1]);
    ClusterSpec low = ClusterSpec.loopback(tmp, tmp, "c", 3, 11222, 7800);
    assertTrue(EphemeralPorts.inside(low, r).isEmpty());
    ClusterSpec high = ClusterSpec.loopback(tmp, tmp, "c", 3, 32767, 7800);
    assertEquals(List.of(32768, 32769), EphemeralPorts.inside(high, r));
    assertTrue(EphemeralPorts.range(tmp.resolve("absent")).isEmpty());
  }

  @Test
  void aNodeNeverStartedIsNotRunningAndHasNoPid(@TempDir Path tmp) throws Exception {
    Path root = Files.createDirectories(tmp.resolve("n-0").resolve("data"));
    assertFalse(NodeProcess.locked(root.getParent()));
    assertTrue(NodeProcess.live(root.getParent()).isEmpty());
    // a pid file naming a live process that is not this node's server: not taken for it
    NodeProcess.writePid(root.getParent(), ProcessHandle.current().pid());
    assertTrue(NodeProcess.live(root.getParent()).isEmpty());
  }

  @Test
  void theLedgersTellWhichHeapsAreCurrentAndWhatARestartMayServe(@TempDir Path tmp)
      throws Exception {
    ClusterSpec spec = ClusterSpec.loopback(tmp.resolve("dir"), tmp, "c", 3, 11222, 7800);
    RestartPlan clean = RestartPlan.of(spec);
    assertTrue(clean.untrusted().isEmpty() && clean.wholeRestart(), clean.toString());
    // c-1 and c-2 saw c-0 miss writes; c-2 was still receiving segments when it died
    Files.writeString(tmp.resolve("c-1.heap.ledger"), "stale=c-0\nreceiving=false\n");
    Files.writeString(tmp.resolve("c-2.heap.ledger"), "stale=c-0\nreceiving=true\n");
    RestartPlan p = RestartPlan.of(spec);
    assertEquals(java.util.Set.of("c-0", "c-2"), p.untrusted());
    assertEquals(java.util.Set.of("c-1"), p.trusted());
    assertEquals(List.of("c-2+c-0"), p.uncovered(), "segments owned by c-2 and c-0 only");
    assertEquals(List.of(1, 0, 2), p.startOrder(List.of(0, 1, 2)));
    Files.writeString(tmp.resolve("c-2.heap.ledger"), "stale=c-0\nreceiving=false\n");
    RestartPlan q = RestartPlan.of(spec);
    assertTrue(q.uncovered().isEmpty(), q.toString());
    assertEquals(List.of(1, 2, 0), q.startOrder(List.of(0, 1, 2)));
  }

  @Test
  void perSegmentLedgersOrderTheStartsSoThatEachCurrentCopyIsUpFirst(@TempDir Path tmp)
      throws Exception {
    ClusterSpec spec = ClusterSpec.loopback(tmp.resolve("dir"), tmp, "c", 3, 11222, 7800);
    // c-0 died first: c-1 and c-2 marked it in the segments a live co-owner kept accepting
    // writes to (positions 0 and 2); then c-1 and c-2 died at once: c-2 saw c-1 leave and marked
    // it where c-2 co-owns (position 1), not where c-0 was its only co-owner (nobody wrote there)
    Files.writeString(tmp.resolve("c-1.heap.ledger"), "stale=c-0\nstale.c-0=0,2-3,5\n");
    Files.writeString(
        tmp.resolve("c-2.heap.ledger"), "stale=c-0,c-1\nstale.c-0=0,2-3,5\nstale.c-1=1,4\n");
    RestartPlan p = RestartPlan.of(spec);
    assertTrue(p.uncovered().isEmpty(), "each segment has a current owner: " + p);
    assertTrue(p.cycle().isEmpty(), p.toString());
    assertEquals("c-0:0,2-3,5;c-1:1,4", p.staleProperty());
    assertEquals(Set.of("c-0", "c-1", "c-2"), p.trusted(), "each holds some current copy");
    assertEquals(Set.of("c-1", "c-2"), p.waitFor("c-0"));
    assertEquals(Set.of("c-2"), p.waitFor("c-1"));
    assertTrue(p.waitFor("c-2").isEmpty());
    assertEquals(List.of(2, 1, 0), p.startOrder(List.of(0, 1, 2)));
    assertEquals(
        "; ledgers: missed writes to segments 0,2-3,5, starts after c-1,c-2",
        NodeStatus.ledger(p, "c-0"));
    assertEquals("; ledgers: current", NodeStatus.ledger(p, "c-2"));
    // with c-1 also marked in a segment whose other owner, c-0, is stale there: no current copy
    Files.writeString(tmp.resolve("c-0.heap.ledger"), "stale=c-1\nstale.c-1=3\n");
    RestartPlan q = RestartPlan.of(spec);
    assertEquals(List.of("c-0+c-1 (segments 3)"), q.uncovered());
    // two copies, each current where the other is stale: no order serves both
    Files.writeString(tmp.resolve("c-2.heap.ledger"), "stale=\n");
    Files.writeString(tmp.resolve("c-1.heap.ledger"), "stale=c-0\nstale.c-0=0\n");
    RestartPlan r = RestartPlan.of(spec);
    assertTrue(r.uncovered().isEmpty(), r.toString());
    assertEquals(Set.of("c-0", "c-1"), r.cycle());
  }

  @Test
  void aFillerOwnersCurrentCopyCoversASegmentBothOfWhoseOwnersMissedWrites(@TempDir Path tmp)
      throws Exception {
    ClusterSpec spec = ClusterSpec.loopback(tmp.resolve("dir"), tmp, "c", 3, 11222, 7800);
    // 6 segments: {0,3} owned by c-0+c-1, {1,4} by c-1+c-2, {2,5} by c-2+c-0. c-0 died; then c-1,
    // while c-2 also owned c-0's and c-1's segments {0,3} (a filler owner): c-2 holds them
    Files.writeString(tmp.resolve("c-1.heap.ledger"), "stale.c-0=0,2-3,5\nholds=0,3\n");
    Files.writeString(
        tmp.resolve("c-2.heap.ledger"), "stale.c-0=0,2-3,5\nstale.c-1=0-1,3-4\nholds=0-5\n");
    RestartPlan p = RestartPlan.of(spec);
    assertTrue(p.uncovered().isEmpty(), "c-2 holds the current copy of 0 and 3: " + p);
    assertEquals(Set.of("c-2"), p.waitFor("c-0"));
    assertEquals(Set.of("c-2"), p.waitFor("c-1"), "c-1's own holds of 0,3 are stale (c-2 says)");
    assertEquals(List.of(2, 0, 1), p.startOrder(List.of(0, 1, 2)));
    // without c-2's word, both owners of 0 and 3 missed writes and nobody has them
    Files.writeString(tmp.resolve("c-2.heap.ledger"), "stale.c-0=0,2-3,5\nstale.c-1=0-1,3-4\n");
    assertEquals(List.of("c-0+c-1 (segments 0,3)"), RestartPlan.of(spec).uncovered());
  }

  private static String refused(String... args) {
    ServerCommand c = new ServerCommand();
    new CommandLine(c).parseArgs(args);
    return assertThrows(IllegalArgumentException.class, c::spec).getMessage();
  }
}

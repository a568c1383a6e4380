package org.jnvm.server;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import org.jnvm.core.pmem.GatewayFlags;

/**
 * One Infinispan Server JVM: started as the server's own script starts it (the Loader over the
 * home's {@code lib}, then {@code Bootstrap -s ROOT}), with the J-NVM gateway's flags; judged
 * started or failed from its server log (ISPN080001 or ISPN080028), read from where this start
 * began writing it.
 */
public final class ServerNode {
  static final String STARTED = "ISPN080001";
  static final String FAILED = "ISPN080028";

  /** Set (by {@code --trust-all}): every heap taken as current, the restart ledgers ignored. */
  static final String TRUST_ALL_PROPERTY = "jnvm.server.trust-all";

  /** The longest a start waits for running nodes to finish receiving before it plans. */
  static final long SETTLE_TIMEOUT_MS = 60_000;

  /**
   * What the server's Loader prints when Bootstrap throws (a configuration that does not parse or
   * build): Infinispan Server 15.2 then leaves the JVM running, serving nothing.
   */
  static final String LOADER_FAILED = "java.lang.reflect.InvocationTargetException";

  private final ClusterSpec cluster;
  private final NodeSpec spec;
  private final ServerHome home;
  private Process process;
  private long logStart;
  private long consoleStart;

  ServerNode(ClusterSpec cluster, NodeSpec spec, ServerHome home) {
    this.cluster = cluster;
    this.spec = spec;
    this.home = home;
  }

  public NodeSpec spec() {
    return spec;
  }

  public Path root() {
    return spec.root(cluster.dir());
  }

  public Path serverLog() {
    return NodeConfig.serverLog(cluster, spec);
  }

  public Path heap() {
    return spec.heap(cluster.heapDir());
  }

  /** The JVM's console (stdout and stderr): the J-NVM gateway's start-up line is there. */
  public Path consoleLog() {
    return root().resolve("log").resolve("stdout.log");
  }

  public boolean running() {
    return process != null && process.isAlive();
  }

  public long pid() {
    return process == null ? -1 : process.pid();
  }

  /** The command line: the server's JVM with {@code jvmFlags} (the gateway's flags by default). */
  List<String> command(List<String> jvmFlags) {
    List<String> cmd = new ArrayList<>();
    cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    cmd.addAll(jvmFlags);
    cmd.add("-Xmx" + cluster.xmxMb() + "m");
    cmd.add("-Djnvm.backend=" + cluster.gateway());
    cmd.add("-Djava.net.preferIPv4Stack=true");
    cmd.add("-Djgroups.bind.address=127.0.0.1");
    cmd.add("-Djgroups.bind.port=" + spec.jgroupsPort());
    // exactly its own port: a node must never bind another node's (a second start of a running
    // node would otherwise take the next free one and join the view under the running one's name)
    cmd.add("-Djgroups.port_range=0");
    // the ring of segment owners by node name (NamedRingHashFactory): the same on every node
    cmd.add(
        "-Djnvm.cluster.members="
            + String.join(",", cluster.nodes().stream().map(NodeSpec::name).toList()));
    cmd.add("-Dinfinispan.server.home.path=" + home.dir());
    cmd.add("-Dlog4j.configurationFile=" + root().resolve("conf").resolve("log4j2.xml"));
    cmd.add("-cp");
    cmd.add(home.loaderJar().toString());
    cmd.add(ServerHome.LOADER_MAIN);
    cmd.add(ServerHome.BOOTSTRAP_MAIN);
    cmd.addAll(List.of("-s", root().toString(), "-c", NodeConfig.CONFIG, "-n", spec.name()));
    return cmd;
  }

  /** Starts the JVM with the gateway's flags for this JDK and waits until the server is up. */
  public void start(long timeoutMs) throws IOException, InterruptedException {
    start(GatewayFlags.forThisJdk(), timeoutMs);
  }

  /**
   * Starts the JVM with {@code jvmFlags} and waits until the server says it started; a server that
   * says it failed, exits or stays silent for {@code timeoutMs} is stopped and reported with the
   * errors of its log.
   */
  public void start(List<String> jvmFlags, long timeoutMs)
      throws IOException, InterruptedException {
    if (running()) throw new IllegalStateException(spec.name() + " is running already");
    refuseIfRunningElsewhere();
    List<String> flags = new ArrayList<>(jvmFlags);
    flags.addAll(restartFlags(timeoutMs));
    Path log = serverLog();
    logStart = Files.exists(log) ? Files.size(log) : 0;
    Path out = consoleLog();
    consoleStart = Files.exists(out) ? Files.size(out) : 0;
    process =
        new ProcessBuilder(command(flags))
            .redirectErrorStream(true)
            .redirectOutput(ProcessBuilder.Redirect.appendTo(out.toFile()))
            .start();
    NodeProcess.writePid(root(), process.pid());
    awaitStarted(timeoutMs, out);
  }

  /**
   * The restart's flags for this node ({@link RestartPlan}), after waiting for the nodes whose
   * current copies must be up before its stale ones join; none outside a J-NVM cluster of several
   * nodes, or with {@value #TRUST_ALL_PROPERTY}.
   */
  private List<String> restartFlags(long timeoutMs) throws InterruptedException {
    if (!cluster.backend().jnvm() || cluster.nodes().size() < 2) return List.of();
    if (Boolean.getBoolean(TRUST_ALL_PROPERTY)) return List.of();
    RestartPlan plan = settledPlan(Math.min(timeoutMs, SETTLE_TIMEOUT_MS));
    List<String> uncovered = plan.uncovered();
    if (!uncovered.isEmpty()) {
      throw refused(
          "every owner of "
              + uncovered
              + " missed writes (their heaps' ledgers: "
              + plan.staleProperty()
              + "), so their newest copies may be in no current heap");
    }
    Set<String> cycle = plan.cycle();
    if (!cycle.isEmpty()) {
      throw refused(
          "the heaps of "
              + cycle
              + " each hold current copies of segments the others missed (ledgers: "
              + plan.staleProperty()
              + "): no start order lets each copy reach the others");
    }
    List<String> flags = new ArrayList<>();
    if (!plan.untrusted().isEmpty()) flags.add("-Djnvm.cluster.stale=" + plan.staleProperty());
    awaitServing(plan.waitFor(spec.name()), timeoutMs);
    Set<String> others = new TreeSet<>(plan.trusted());
    others.remove(spec.name());
    others.removeAll(plan.running());
    if (plan.trusted().contains(spec.name()) && !others.isEmpty()) {
      // the restart's first phase: another current heap is not up yet
      flags.add("-Djnvm.cluster.trusted=" + String.join(",", plan.trusted()));
    }
    return flags;
  }

  /**
   * The restart plan once no running node is still receiving segments, or as it is after {@code
   * timeoutMs}: a node that has just started (or gained segments) says so in its ledger until its
   * state transfer ends, and counts as stale everywhere meanwhile, which could refuse a start that
   * its finished transfer allows.
   */
  private RestartPlan settledPlan(long timeoutMs) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMs);
    boolean said = false;
    while (true) {
      RestartPlan plan = RestartPlan.of(cluster);
      Set<String> busy = plan.settling();
      if (busy.isEmpty() || System.nanoTime() > deadline) return plan;
      if (!said) {
        System.out.println(
            "[server] "
                + spec.name()
                + ": waiting for "
                + busy
                + " to finish receiving segments before planning this start");
        said = true;
      }
      Thread.sleep(200);
    }
  }

  private ServerStartException refused(String why) {
    return new ServerStartException(
        spec.name(),
        "start refused: "
            + why
            + "; to serve the heaps as they are, possibly reverting writes, start with --trust-all",
        "",
        serverLog());
  }

  /** Waits until every node of {@code nodes} serves (its Hot Rod port answers). */
  private void awaitServing(Set<String> nodes, long timeoutMs) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMs);
    boolean said = false;
    while (true) {
      List<String> missing = new ArrayList<>();
      for (NodeSpec n : cluster.nodes()) {
        if (!nodes.contains(n.name())) continue;
        if (!NodeProcess.locked(n.root(cluster.dir())) || !NodeStatus.listening(n.hotrodPort())) {
          missing.add(n.name());
        }
      }
      if (missing.isEmpty()) return;
      if (!said) {
        System.out.println(
            "[server] "
                + spec.name()
                + " missed writes (restart ledgers): it starts once "
                + missing
                + " serve");
        said = true;
      }
      if (System.nanoTime() > deadline) {
        throw new ServerStartException(
            spec.name(),
            "its heap missed writes and " + missing + " did not start within " + timeoutMs + " ms",
            "",
            serverLog());
      }
      Thread.sleep(200);
    }
  }

  /**
   * A node whose server JVM runs already (started by another launcher, or by hand) is not started a
   * second time: the second JVM would join the cluster's view under the same name before it failed
   * on the node's global state lock.
   */
  private void refuseIfRunningElsewhere() {
    if (!NodeProcess.locked(root())) return;
    String pid = NodeProcess.live(root()).map(p -> "pid " + p.pid()).orElse("pid unknown");
    throw new ServerStartException(
        spec.name(),
        "it is running already ("
            + pid
            + ", lock held on "
            + root().resolve("data").resolve(NodeProcess.GLOBAL_LOCK)
            + "); stop it first: bin/jnvm server --dir DIR --stop "
            + spec.index(),
        "",
        serverLog());
  }

  private void awaitStarted(long timeoutMs, Path out) throws IOException, InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMs);
    while (true) {
      String log = logSinceStart();
      if (log.contains(STARTED)) return;
      boolean failed = log.contains(FAILED);
      boolean unbuilt = consoleSinceStart(out).contains(LOADER_FAILED);
      if (unbuilt) awaitQuietConsole(out); // the cause follows the exception's first line
      if (failed || unbuilt || !process.isAlive() || System.nanoTime() > deadline) {
        String why =
            failed
                ? "the server failed to start"
                : unbuilt
                    ? "the server could not build its configuration"
                    : process.isAlive()
                        ? "no start within " + timeoutMs + " ms"
                        : "the JVM exited with " + process.exitValue();
        kill();
        throw new ServerStartException(
            spec.name(), why, LogErrors.of(log, consoleSinceStart(out)), serverLog());
      }
      Thread.sleep(50);
    }
  }

  /**
   * Waits until the JVM's console has not grown for 500 ms (at most 10 s): the Loader prints a
   * failed configuration's exception line by line, and the cause comes after its first line.
   */
  private void awaitQuietConsole(Path out) throws IOException, InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    long size = -1;
    while (System.nanoTime() < deadline) {
      long now = Files.size(out);
      if (now == size) return;
      size = now;
      Thread.sleep(500);
    }
  }

  /** What the server wrote to its log since this start. */
  public String logSinceStart() throws IOException {
    return since(serverLog(), logStart);
  }

  private static String since(Path file, long start) throws IOException {
    if (!Files.exists(file)) return "";
    try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "r")) {
      long n = f.length() - start;
      if (n <= 0) return "";
      byte[] b = new byte[(int) Math.min(n, 16 << 20)];
      f.seek(start);
      f.readFully(b);
      return new String(b, StandardCharsets.UTF_8);
    }
  }

  /** What the JVM wrote to its console since this start. */
  private String consoleSinceStart(Path out) throws IOException {
    return since(out, consoleStart);
  }

  /** SIGTERM, as an operator stops a server: it leaves the cluster and closes its stores. */
  public void stop() throws InterruptedException {
    if (process == null) return;
    process.destroy();
    if (!process.waitFor(60, TimeUnit.SECONDS)) {
      process.destroyForcibly().waitFor();
    }
  }

  /** SIGKILL: the node dies mid-whatever, as on a crash (its page cache survives: /dev/shm). */
  public void kill() throws InterruptedException {
    if (process == null) return;
    process.destroyForcibly();
    process.waitFor();
  }
}

package org.jnvm.dso.server;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.infinispan.Cache;
import org.infinispan.context.Flag;
import org.infinispan.distribution.DistributionManager;
import org.infinispan.functional.FunctionalMap.ReadWriteMap;
import org.infinispan.functional.impl.FunctionalMapImpl;
import org.infinispan.functional.impl.ReadWriteMapImpl;
import org.infinispan.manager.DefaultCacheManager;
import org.infinispan.manager.EmbeddedCacheManager;
import org.infinispan.notifications.Listener;
import org.infinispan.notifications.cachemanagerlistener.annotation.ViewChanged;
import org.infinispan.notifications.cachemanagerlistener.event.ViewChangedEvent;
import org.infinispan.remoting.transport.Address;
import org.jnvm.dso.lib.Library;
import org.jnvm.dso.objects.Ticket;
import org.jnvm.dso.wire.CallRequest;
import org.jnvm.dso.wire.Outcome;
import org.jnvm.dso.wire.Protocol;
import org.jnvm.dso.wire.TypeRegistry;

/**
 * A DSO server node: a member of the Infinispan cluster that owns part of the shared objects and
 * serves clients. Start-up, in order: (1) bind the client port; (2) read the node's own store
 * ({@link Recovery#readOwn}); (3) join the cluster and start the caches; (4) wait for the expected
 * members; (5) merge the own boxes into the cluster; (6) publish the client endpoint and a ready
 * mark; (7) wait for the ready marks of the expected members; (8) serve.
 */
public final class DsoNode implements AutoCloseable {
  private static final Map<EmbeddedCacheManager, DsoNode> NODES = new ConcurrentHashMap<>();

  private final NodeConfig config;
  private final ClientServer server;
  private final Waiters waiters;
  private final AtomicLong finals = new AtomicLong();
  private final AtomicLong dropped = new AtomicLong();
  private DefaultCacheManager manager;
  private ReadWriteMap<String, byte[]> ephemeral;
  private ReadWriteMap<String, byte[]> persistent;
  private Cache<String, String> control;
  private volatile boolean ready;
  private volatile boolean dropWakes;
  private int recovered;
  private int ownRead;

  private DsoNode(NodeConfig config) throws IOException {
    this.config = config;
    this.server = new ClientServer(this, config.bind(), config.clientPort());
    this.waiters = new Waiters(this, config.name()); // after the port: its sweeper is a thread
  }

  /** Starts a node and returns once it serves clients. */
  public static DsoNode start(NodeConfig config, long timeoutMs) {
    Library.registerAll();
    config.types().forEach(TypeRegistry::register);
    DsoNode n;
    try {
      n = new DsoNode(config);
    } catch (IOException e) {
      throw new UncheckedIOException(
          "cannot listen for clients on " + config.bind() + ":" + config.clientPort(), e);
    }
    try {
      n.boot(timeoutMs);
    } catch (RuntimeException | Error e) {
      n.close();
      throw e;
    }
    return n;
  }

  private void boot(long timeoutMs) {
    long deadline = System.currentTimeMillis() + timeoutMs;
    try {
      java.nio.file.Files.createDirectories(config.dir());
    } catch (IOException e) {
      throw new UncheckedIOException("cannot create the node directory " + config.dir(), e);
    }
    Map<String, byte[]> own = Recovery.readOwn(config.dir(), config.storeSize());
    ownRead = own.size();
    manager = new DefaultCacheManager(Clustering.clustered(config).build(), false);
    manager.defineConfiguration(Caches.EPHEMERAL, Caches.ephemeral());
    manager.defineConfiguration(
        Caches.PERSISTENT, Caches.persistent(config.replicas(), config.dir(), config.storeSize()));
    manager.defineConfiguration(Caches.CONTROL, Caches.control());
    manager.start();
    NODES.put(manager, this);
    manager.addListener(new ViewListener());
    control = manager.getCache(Caches.CONTROL);
    ephemeral = rw(manager.getCache(Caches.EPHEMERAL));
    persistent = rw(manager.getCache(Caches.PERSISTENT));
    await(() -> manager.getMembers().size() >= config.expect(), deadline, "members");
    recovered = Recovery.merge(persistent, own);
    control.put(config.name(), endpoint());
    await(this::markedAndExpectedReady, deadline, "ready marks");
    ready = true;
  }

  private static ReadWriteMap<String, byte[]> rw(Cache<String, byte[]> c) {
    return ReadWriteMapImpl.create(FunctionalMapImpl.create(c.getAdvancedCache()));
  }

  /**
   * Re-publishes this node's mark on every poll, after the check: nodes started at once may first
   * form separate views, and after their merge the replicated control cache's copies can differ
   * (ISPN000517: one side's topology is ignored), so a mark this node still holds locally may be
   * missing on the others. Checking first makes the last put, the one after this node saw every
   * expected member marked, happen in a view that holds them all: it reaches each of them. (Putting
   * only when the local copy lacked the mark left a merged peer waiting for it until its start
   * timed out.)
   */
  private boolean markedAndExpectedReady() {
    boolean ready = expectedReady();
    try {
      control.put(config.name(), endpoint());
    } catch (RuntimeException e) { // a member left or the view changed mid-put: poll again
      return false;
    }
    return ready;
  }

  private boolean expectedReady() {
    long marked =
        manager.getMembers().stream().filter(a -> control.containsKey(a.toString())).count();
    return marked >= config.expect();
  }

  private void await(java.util.function.BooleanSupplier cond, long deadline, String what) {
    while (!cond.getAsBoolean()) {
      if (System.currentTimeMillis() > deadline) {
        throw new IllegalStateException(
            "node "
                + config.name()
                + " timed out waiting for "
                + config.expect()
                + " "
                + what
                + ": members now "
                + manager.getMembers());
      }
      try {
        TimeUnit.MILLISECONDS.sleep(50);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException("interrupted while starting node " + config.name(), e);
      }
    }
  }

  /** Runs one client request; the replier receives the interim and final replies. */
  void handle(CallRequest r, Replier replier) {
    String key = r.cacheKey();
    CompletableFuture<byte[]> f;
    try {
      f = map(r.persistent()).eval(key, new InvokeFunction(r));
    } catch (RuntimeException e) {
      replier.send(
          Protocol.REPLY_RETRY,
          "",
          Outcome.error(Outcome.ERROR, e.getClass().getName(), e.getMessage()));
      return;
    }
    f.whenComplete((res, err) -> done(r, key, replier, res, err));
  }

  private void done(CallRequest r, String key, Replier replier, byte[] res, Throwable err) {
    if (err != null) {
      Throwable c = err.getCause() != null ? err.getCause() : err;
      replier.send(
          Protocol.REPLY_RETRY,
          "",
          Outcome.error(Outcome.ERROR, c.getClass().getName(), c.getMessage()));
      return;
    }
    if (res[0] == 1) {
      wake(r.persistent(), key);
    }
    byte[] body = new byte[res.length - 1];
    System.arraycopy(res, 1, body, 0, body.length);
    Outcome o = Outcome.decode(body);
    if (o.kind() == Outcome.PARKED) {
      replier.send(Protocol.REPLY_PARKED, "", o);
      waiters.park(r.persistent(), key, new Ticket(r.session(), r.seq()), replier);
      return;
    }
    int every = config.dropReplyEvery();
    if (every > 0 && r.op() == CallRequest.INVOKE && finals.incrementAndGet() % every == 0) {
      dropped.incrementAndGet();
      return;
    }
    replier.send(Protocol.REPLY_FINAL, routeHint(r.persistent(), key), o);
  }

  /** Asks every node (this one included) to answer the calls it parked on the object. */
  private void wake(boolean persistentObject, String key) {
    if (dropWakes) {
      return;
    }
    waiters.check(persistentObject, key);
    manager
        .executor()
        .filterTargets(a -> !a.equals(manager.getAddress()))
        .submitConsumer(new WakeTask(persistentObject, key), (a, v, t) -> {});
  }

  /** The client endpoint of the object's primary owner, or "" when unknown. */
  private String routeHint(boolean persistentObject, String key) {
    Cache<String, byte[]> c =
        manager.getCache(persistentObject ? Caches.PERSISTENT : Caches.EPHEMERAL);
    DistributionManager dm = c.getAdvancedCache().getDistributionManager();
    if (dm == null) {
      return "";
    }
    Address primary = dm.getCacheTopology().getDistribution(key).primary();
    String e = primary == null ? null : control.get(primary.toString());
    return e == null ? "" : e;
  }

  /** This node's own copy of a persistent object's box, or null (tests). */
  byte[] localBox(String cacheKey) {
    Cache<String, byte[]> c = manager.getCache(Caches.PERSISTENT);
    return c.getAdvancedCache()
        .withFlags(Flag.CACHE_MODE_LOCAL, Flag.SKIP_CACHE_LOAD)
        .get(cacheKey);
  }

  ReadWriteMap<String, byte[]> map(boolean persistentObject) {
    return persistentObject ? persistent : ephemeral;
  }

  Waiters waiters() {
    return waiters;
  }

  static DsoNode of(EmbeddedCacheManager m) {
    return NODES.get(m);
  }

  /** Whether a client presenting {@code token} may connect (constant-time comparison). */
  boolean acceptsToken(String token) {
    return config.token().isEmpty()
        || MessageDigest.isEqual(
            config.token().getBytes(StandardCharsets.UTF_8),
            token.getBytes(StandardCharsets.UTF_8));
  }

  boolean ready() {
    return ready;
  }

  public String name() {
    return config.name();
  }

  /** "host:port" of the client protocol. */
  public String endpoint() {
    return config.bind() + ":" + server.port();
  }

  public int clientPort() {
    return server.port();
  }

  /** Persistent objects this node's recovery brought back (replaced an older version). */
  public int recovered() {
    return recovered;
  }

  /** Boxes this node read from its own store before joining. */
  public int ownRead() {
    return ownRead;
  }

  /** Replies dropped by fault injection ({@link NodeConfig#dropReplyEvery}). */
  public long droppedReplies() {
    return dropped.get();
  }

  /** Calls parked on this node. */
  public int parked() {
    return waiters.size();
  }

  /**
   * Fault injection: drop every wake this node would send (the notice that a call completed parked
   * calls), as a restart or a view change can; parked calls must still be answered, by the sweep.
   */
  public void dropWakes(boolean drop) {
    this.dropWakes = drop;
  }

  /** Checks of parked calls that failed and were left to the sweep. */
  public long failedChecks() {
    return waiters.failedChecks();
  }

  @Override
  public void close() {
    ready = false;
    waiters.close();
    server.close();
    if (manager != null) {
      NODES.remove(manager);
      manager.stop();
    }
  }

  @Listener
  public final class ViewListener {
    @ViewChanged
    public void viewChanged(ViewChangedEvent e) {
      CompletableFuture.runAsync(waiters::checkAll);
    }
  }
}

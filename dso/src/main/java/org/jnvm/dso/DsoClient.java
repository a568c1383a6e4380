package org.jnvm.dso;

import java.io.Serializable;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.lang.reflect.Proxy;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import org.jnvm.dso.client.Transport;
import org.jnvm.dso.lib.AtomicBoolean;
import org.jnvm.dso.lib.AtomicByteArray;
import org.jnvm.dso.lib.AtomicInteger;
import org.jnvm.dso.lib.AtomicLong;
import org.jnvm.dso.lib.AtomicMatrix;
import org.jnvm.dso.lib.AtomicReference;
import org.jnvm.dso.lib.CountDownLatch;
import org.jnvm.dso.lib.Counter;
import org.jnvm.dso.lib.CyclicBarrier;
import org.jnvm.dso.lib.Library;
import org.jnvm.dso.lib.Semaphore;
import org.jnvm.dso.lib.SharedFuture;
import org.jnvm.dso.lib.SharedList;
import org.jnvm.dso.lib.SharedMap;
import org.jnvm.dso.proxy.SubclassProxies;
import org.jnvm.dso.wire.CallRequest;
import org.jnvm.dso.wire.Codec;
import org.jnvm.dso.wire.TypeRegistry;

/**
 * A connection to a DSO cluster, and the factory of shared objects.
 *
 * <pre>
 * try (DsoClient dso = DsoClient.connect("127.0.0.1:7400,127.0.0.1:7401")) {
 *   AtomicLong hits = dso.atomicLong("hits", true, 0);   // persistent, created if absent
 *   hits.incrementAndGet();                              // runs on the object's primary
 * }
 * </pre>
 *
 * Thread-safe: share one client between threads (each thread gets its own session). Every call
 * blocks until its reply; synchronization objects ({@link CyclicBarrier}...) block until released,
 * holding no server thread meanwhile.
 */
public final class DsoClient implements AutoCloseable {
  private static volatile DsoClient defaultClient;

  private final Transport transport;

  private DsoClient(Transport transport) {
    this.transport = transport;
    Library.registerAll();
  }

  /** Connects with default timeouts (call 30 s, attempt 5 s) to "host:port,host:port". */
  public static DsoClient connect(String servers) {
    return builder().servers(servers).connect();
  }

  public static Builder builder() {
    return new Builder();
  }

  /** Settings of a client. */
  public static final class Builder {
    private List<String> servers = List.of();
    private Duration callTimeout = Duration.ofSeconds(30);
    private Duration attemptTimeout = Duration.ofSeconds(5);
    private String token = "";

    /** Comma-separated "host:port" client endpoints of some (or all) nodes. */
    public Builder servers(String csv) {
      servers = Arrays.stream(csv.split(",")).map(String::trim).filter(s -> !s.isEmpty()).toList();
      return this;
    }

    /** How long a call may take, retries included, before it fails as unreachable. */
    public Builder callTimeout(Duration d) {
      callTimeout = d;
      return this;
    }

    /** How long one attempt waits for a reply before retrying (parked calls excepted). */
    public Builder attemptTimeout(Duration d) {
      attemptTimeout = d;
      return this;
    }

    /** The shared secret the servers were started with (dso-server --token-file). */
    public Builder token(String t) {
      token = t;
      return this;
    }

    public DsoClient connect() {
      return new DsoClient(
          new Transport(servers, callTimeout.toMillis(), attemptTimeout.toMillis(), token));
    }
  }

  /** Makes {@code c} the client that references arriving in this JVM bind to. */
  public static void setDefault(DsoClient c) {
    defaultClient = c;
  }

  /**
   * The client deserialized references bind to: the one set with {@link #setDefault}, else one
   * connected to the servers named by the system property {@code jnvm.dso.servers}.
   */
  public static DsoClient defaultClient() {
    DsoClient c = defaultClient;
    if (c != null) {
      return c;
    }
    synchronized (DsoClient.class) {
      if (defaultClient == null) {
        String servers = System.getProperty("jnvm.dso.servers");
        if (servers == null) {
          throw new IllegalStateException(
              "a shared object reference arrived but no default DSO client is set:"
                  + " call DsoClient.setDefault or set -Djnvm.dso.servers=host:port,...");
        }
        defaultClient = connect(servers);
      }
      return defaultClient;
    }
  }

  // ---- factories: each creates the object if absent, then returns a bound proxy ----

  public AtomicLong atomicLong(String key, boolean persistent, long initial) {
    return bind(new AtomicLong(initial), key, persistent);
  }

  public AtomicInteger atomicInteger(String key, boolean persistent, int initial) {
    return bind(new AtomicInteger(initial), key, persistent);
  }

  public AtomicBoolean atomicBoolean(String key, boolean persistent, boolean initial) {
    return bind(new AtomicBoolean(initial), key, persistent);
  }

  public <V> AtomicReference<V> atomicReference(String key, boolean persistent, V initial) {
    return bind(new AtomicReference<>(initial), key, persistent);
  }

  public AtomicByteArray atomicByteArray(String key, boolean persistent, int length) {
    return bind(new AtomicByteArray(length), key, persistent);
  }

  public Counter counter(String key, boolean persistent) {
    return bind(new Counter(), key, persistent);
  }

  public AtomicMatrix atomicMatrix(String key, boolean persistent, int rows, int cols) {
    return bind(new AtomicMatrix(rows, cols), key, persistent);
  }

  public CyclicBarrier cyclicBarrier(String key, int parties) {
    return bind(new CyclicBarrier(parties), key, false);
  }

  public CountDownLatch countDownLatch(String key, long count) {
    return bind(new CountDownLatch(count), key, false);
  }

  public Semaphore semaphore(String key, int permits) {
    return bind(new Semaphore(permits), key, false);
  }

  public <V> SharedFuture<V> future(String key) {
    return bind(new SharedFuture<>(), key, false);
  }

  public <K, V> SharedMap<K, V> map(String key, boolean persistent) {
    return bind(new SharedMap<>(), key, persistent);
  }

  public <E> SharedList<E> list(String key, boolean persistent) {
    return bind(new SharedList<>(), key, persistent);
  }

  /** Binds an unbound library object to (its type, key), creating the object if absent. */
  public <T extends SharedObject> T bind(T unbound, String key, boolean persistent) {
    if (unbound.ref() != null) {
      throw new IllegalArgumentException("already bound: " + unbound);
    }
    Object init = unbound.initialState();
    Ref ref = new Ref(init.getClass().getName(), key, persistent);
    create(ref, init);
    unbound.bind(this, ref);
    return unbound;
  }

  /**
   * A user-defined shared object seen through {@code api}, an interface (a dynamic proxy) or a
   * class (a generated subclass proxy: non-final, with a no-argument constructor and no final
   * public method). {@code initialState}, an instance of a class registered on the servers, is the
   * object's initial state if (its class, key) does not exist yet.
   */
  public <T> T shared(Class<T> api, String key, boolean persistent, T initialState) {
    Ref ref = new Ref(initialState.getClass().getName(), key, persistent);
    create(ref, initialState);
    return proxy(api, ref);
  }

  /** A proxy of an existing user-defined object (no creation; calls fail if it is absent). */
  public <T> T proxy(Class<T> api, Ref ref) {
    RemoteHandler h = new RemoteHandler(ref, this);
    if (!api.isInterface()) {
      return SubclassProxies.create(api, h);
    }
    return api.cast(Proxy.newProxyInstance(api.getClassLoader(), new Class<?>[] {api}, h));
  }

  /**
   * Replaces each {@link Shared} field of {@code target} (its class and superclasses) by a proxy of
   * the shared object it names, creating the object from the field's value if absent. Library
   * objects are bound in place; user-defined ones become an interface proxy or, for a class-typed
   * field, a generated subclass proxy.
   */
  public <T> T inject(T target) {
    for (Class<?> c = target.getClass(); c != null && c != Object.class; c = c.getSuperclass()) {
      for (Field f : c.getDeclaredFields()) {
        Shared s = f.getAnnotation(Shared.class);
        if (s != null) {
          injectField(target, f, s);
        }
      }
    }
    return target;
  }

  private void injectField(Object target, Field f, Shared s) {
    String where = f.getDeclaringClass().getName() + "." + f.getName();
    if (Modifier.isStatic(f.getModifiers()) || Modifier.isFinal(f.getModifiers())) {
      throw new IllegalArgumentException(
          "@Shared field " + where + " must be neither static nor final");
    }
    f.setAccessible(true);
    Object v;
    try {
      v = f.get(target);
      String key = s.key().isEmpty() ? f.getName() : s.key();
      if (v == null) {
        throw new IllegalArgumentException(
            "@Shared field " + where + " is null: initialize it with its initial state");
      }
      if (v instanceof SharedObject so) {
        if (so.ref() == null) {
          bind(so, key, s.persistent());
        }
      } else if (RemoteHandler.refOf(v) == null) {
        f.set(target, shared(f.getType().asSubclass(Object.class), key, s.persistent(), v));
      }
    } catch (IllegalAccessException e) {
      throw new IllegalArgumentException("cannot access @Shared field " + where, e);
    }
  }

  /**
   * Diagnostics: the node ("host:port") the next call on {@code ref} goes to first, the primary
   * owner named by the last reply; null before any reply.
   */
  public String routeOf(Ref ref) {
    return transport.routeOf(ref.persistent(), ref.type(), ref.key());
  }

  /** Whether the object exists (created and not deleted). */
  public boolean exists(Ref ref) {
    return (Boolean)
        transport
            .call(
                CallRequest.EXISTS,
                ref.type(),
                ref.key(),
                ref.persistent(),
                "",
                Codec.encode(new Object[0], "no arguments"),
                null)
            .result("exists " + ref);
  }

  /** Deletes the object; returns whether it existed. */
  public boolean delete(Ref ref) {
    return (Boolean)
        transport
            .call(
                CallRequest.DELETE,
                ref.type(),
                ref.key(),
                ref.persistent(),
                "",
                Codec.encode(new Object[0], "no arguments"),
                null)
            .result("delete " + ref);
  }

  private void create(Ref ref, Object initial) {
    byte[] init = Codec.encode(initial, "initial state of " + ref);
    transport
        .call(
            CallRequest.INVOKE,
            ref.type(),
            ref.key(),
            ref.persistent(),
            "",
            Codec.encode(new Object[0], "no arguments"),
            init)
        .result("create " + ref);
  }

  /** Calls {@code method} on the shared object named {@code ref} and returns its result. */
  public Object invoke(Ref ref, String method, Object... args) {
    String what = ref.type() + "." + method;
    byte[] encoded = encodeArgs(what, args);
    return transport
        .call(CallRequest.INVOKE, ref.type(), ref.key(), ref.persistent(), method, encoded, null)
        .result("result of " + what);
  }

  private static byte[] encodeArgs(String what, Object[] args) {
    for (int i = 0; i < args.length; i++) {
      Object a = args[i];
      if (a == null) {
        continue;
      }
      Class<?> c = a.getClass();
      if (!(a instanceof Serializable) || c.isSynthetic() || c.getName().contains("$$Lambda")) {
        throw new DsoException.NotSerializable(
            "argument "
                + i
                + " of "
                + what
                + " cannot be sent: type "
                + c.getName()
                + " is not a serializable value",
            null);
      }
      if (!TypeRegistry.allows(c)) {
        throw new DsoException.NotSerializable(
            "argument "
                + i
                + " of "
                + what
                + " has type "
                + c.getName()
                + ", not a registered DSO value type: register it with TypeRegistry.register on clients and"
                + " dso-server --types on servers",
            null);
      }
    }
    return Codec.encode(args, "arguments of " + what);
  }

  /**
   * Runs {@code body} on this thread with {@code journal} installed: its calls, on any client, use
   * the journal's session and are answered from the journal when an earlier attempt recorded them,
   * so that a re-run of a deterministic task applies none of them twice ({@link CallJournal}).
   */
  public static <T> T runJournaled(CallJournal journal, java.util.concurrent.Callable<T> body)
      throws Exception {
    return Transport.runJournaled(journal, body);
  }

  @Override
  public void close() {
    if (defaultClient == this) {
      defaultClient = null;
    }
    transport.close();
  }
}

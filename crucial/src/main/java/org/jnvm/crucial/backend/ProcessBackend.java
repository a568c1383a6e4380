package org.jnvm.crucial.backend;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.stream.Collectors;

/**
 * Functions as forked worker JVMs ({@link WorkerMain}), one task at a time each, fed serialized
 * tasks through their stdin. A worker that dies mid-task (its pipe closes) fails the attempt with
 * {@link FunctionLostException} and is replaced by a fresh JVM; the executor re-runs the task,
 * possibly on another worker.
 *
 * <pre>
 * ProcessBackend b = ProcessBackend.builder().workers(4).servers("127.0.0.1:7400").start();
 * </pre>
 */
public final class ProcessBackend implements Backend {
  /** An attempt waiting for a worker, with the future the executor watches. */
  record Pending(Invocation invocation, CompletableFuture<byte[]> result) {}

  private final LinkedBlockingQueue<Pending> queue = new LinkedBlockingQueue<>();
  private final List<WorkerSlot> slots = new ArrayList<>();
  private volatile boolean closed;

  private ProcessBackend(Builder b) {
    for (int i = 0; i < b.workers; i++) {
      slots.add(new WorkerSlot(i, b.command(), queue));
    }
    slots.forEach(WorkerSlot::start);
  }

  public static Builder builder() {
    return new Builder();
  }

  /** Settings of the worker JVMs. */
  public static final class Builder {
    private int workers = 2;
    private String servers;
    private String classPath = System.getProperty("java.class.path");
    private List<String> jvmOptions = List.of("-Xmx256m", "-XX:+UseSerialGC", "-Xss1m");
    private final List<String> types = new ArrayList<>();

    /** Number of worker JVMs (functions that can run at once). */
    public Builder workers(int n) {
      if (n < 1) {
        throw new IllegalArgumentException("a process backend needs at least one worker: " + n);
      }
      workers = n;
      return this;
    }

    /** The DSO servers ("host:port,...") the workers' tasks bind their shared objects to. */
    public Builder servers(String csv) {
      servers = csv;
      return this;
    }

    /** The workers' class path (default: this JVM's). */
    public Builder classPath(String cp) {
      classPath = cp;
      return this;
    }

    /** JVM options of the workers (default: a 256 MB heap, serial GC). */
    public Builder jvmOptions(List<String> options) {
      jvmOptions = List.copyOf(options);
      return this;
    }

    /**
     * Value and shared object classes the workers must allow (TypeRegistry), besides the library's.
     */
    public Builder types(Class<?>... classes) {
      for (Class<?> c : classes) {
        types.add(c.getName());
      }
      return this;
    }

    List<String> command() {
      if (servers == null || servers.isBlank()) {
        throw new IllegalStateException("a process backend needs the DSO servers: call servers()");
      }
      List<String> cmd = new ArrayList<>();
      cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
      cmd.addAll(jvmOptions);
      cmd.add("-Djnvm.dso.servers=" + servers);
      cmd.add("-Djnvm.crucial.types=" + String.join(",", types));
      cmd.addAll(List.of("-cp", classPath, WorkerMain.class.getName()));
      return cmd;
    }

    public ProcessBackend start() {
      return new ProcessBackend(this);
    }
  }

  @Override
  public CompletableFuture<byte[]> invoke(Invocation inv) {
    if (closed) {
      return CompletableFuture.failedFuture(
          new IllegalStateException("process backend closed: task " + inv.taskId() + " refused"));
    }
    CompletableFuture<byte[]> f = new CompletableFuture<>();
    queue.add(new Pending(inv, f));
    return f;
  }

  @Override
  public int parallelism() {
    return slots.size();
  }

  /** The process ids of the live workers (diagnostics and tests). */
  public List<Long> workerPids() {
    return slots.stream().map(WorkerSlot::pid).filter(p -> p > 0).collect(Collectors.toList());
  }

  /**
   * Waits until every worker JVM has started and said READY (benchmarks: so that timing starts with
   * all workers up); false on timeout.
   */
  public boolean awaitReady(long timeoutMs) throws InterruptedException {
    long end = System.currentTimeMillis() + timeoutMs;
    while (!slots.stream().allMatch(WorkerSlot::ready)) {
      if (System.currentTimeMillis() > end) {
        return false;
      }
      Thread.sleep(20);
    }
    return true;
  }

  /** Workers started so far, replacements included. */
  public int workersStarted() {
    return slots.stream().mapToInt(WorkerSlot::started).sum();
  }

  @Override
  public void close() {
    closed = true;
    slots.forEach(WorkerSlot::close);
    Pending p;
    while ((p = queue.poll()) != null) {
      p.result().completeExceptionally(new IllegalStateException("process backend closed"));
    }
  }
}

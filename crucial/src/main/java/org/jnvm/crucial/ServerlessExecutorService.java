package org.jnvm.crucial;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.AbstractExecutorService;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.RunnableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import org.jnvm.crucial.backend.Backend;
import org.jnvm.crucial.backend.FunctionLostException;
import org.jnvm.crucial.backend.Invocation;
import org.jnvm.crucial.backend.TaskJournal;
import org.jnvm.crucial.backend.TaskResult;
import org.jnvm.crucial.backend.TaskRunner;
import org.jnvm.crucial.backend.ThreadBackend;

/**
 * An {@link java.util.concurrent.ExecutorService} whose tasks run as functions on a {@link Backend}
 * (CRUCIAL's ServerlessExecutorService). Tasks must be {@link java.io.Serializable}; they reach
 * shared state through DSO objects, whose references travel with them.
 *
 * <pre>
 * ServerlessExecutorService se = new ServerlessExecutorService(new ThreadBackend(8));
 * se.invokeAll(tasks);                                   // fork-join
 * se.invokeIterativeTask(row -> image.setRow(...), 8, 0, rows);   // distributed parallel for
 * se.shutdown();
 * </pre>
 *
 * <p><b>Failures.</b> When the instance running a task is lost ({@link FunctionLostException}), the
 * task runs again, up to {@code maxAttempts} times in all, with the same {@link TaskJournal}: its
 * DSO calls keep their session and numbers, so none is applied twice, provided the task is
 * deterministic given its calls' results (seed its random generators). The task's own exceptions
 * are not retried: {@link Future#get} throws them wrapped in an {@link ExecutionException}.
 *
 * <p>The executor owns its backend and closes it once terminated. {@link #shutdownNow} cannot stop
 * running functions; it stops accepting tasks like {@link #shutdown}.
 */
public class ServerlessExecutorService extends AbstractExecutorService {
  private static final AtomicLong TASK_IDS = new AtomicLong();

  private final Backend backend;
  private final int maxAttempts;
  private final Object lock = new Object();
  private int inFlight;
  private boolean shutdown;
  private boolean terminated;
  private final AtomicLong retries = new AtomicLong();

  /** On threads of this JVM, {@code jnvm.crucial.threads} of them (default 8). */
  public ServerlessExecutorService() {
    this(new ThreadBackend(Integer.getInteger("jnvm.crucial.threads", 8)));
  }

  public ServerlessExecutorService(Backend backend) {
    this(backend, 3);
  }

  public ServerlessExecutorService(Backend backend, int maxAttempts) {
    if (maxAttempts < 1) {
      throw new IllegalArgumentException("maxAttempts must be >= 1: " + maxAttempts);
    }
    this.backend = backend;
    this.maxAttempts = maxAttempts;
  }

  public Backend backend() {
    return backend;
  }

  /** Attempts re-run so far after a lost instance. */
  public long retries() {
    return retries.get();
  }

  @Override
  protected <T> RunnableFuture<T> newTaskFor(Callable<T> callable) {
    return new CloudFuture<>(this, callable);
  }

  @Override
  protected <T> RunnableFuture<T> newTaskFor(Runnable runnable, T value) {
    return new CloudFuture<>(this, new TaskRunner.RunnableTask<>(runnable, value));
  }

  @Override
  public void execute(Runnable command) {
    if (command instanceof CloudFuture<?> f && f.owner == this) {
      dispatch(f);
    } else {
      dispatch(new CloudFuture<>(this, new TaskRunner.RunnableTask<>(command, null)));
    }
  }

  private <T> void dispatch(CloudFuture<T> f) {
    if (!f.dispatched.compareAndSet(false, true)) {
      return;
    }
    byte[] task = TaskRunner.encode(f.task, "task " + f.task.getClass().getName());
    synchronized (lock) {
      if (shutdown) {
        throw new RejectedExecutionException("executor is shut down");
      }
      inFlight++;
    }
    attempt(f, TASK_IDS.incrementAndGet(), task, new TaskJournal(), 1);
  }

  private <T> void attempt(CloudFuture<T> f, long id, byte[] task, TaskJournal j, int n) {
    CompletableFuture<byte[]> run;
    try {
      run = backend.invoke(new Invocation(id, n, task, j));
    } catch (RuntimeException e) {
      run = CompletableFuture.failedFuture(e); // e.g. a backend closed under the executor
    }
    run.whenComplete(
        (bytes, err) -> {
          Throwable cause = err instanceof CompletionException ? err.getCause() : err;
          if (cause instanceof FunctionLostException && n < maxAttempts && !f.isDone()) {
            retries.incrementAndGet();
            attempt(f, id, task, j, n + 1);
            return;
          }
          try {
            complete(f, bytes, cause);
          } finally {
            finished();
          }
        });
  }

  @SuppressWarnings("unchecked")
  private static <T> void complete(CloudFuture<T> f, byte[] bytes, Throwable err) {
    if (err != null) {
      f.result.completeExceptionally(err);
      return;
    }
    try {
      TaskResult r = (TaskResult) TaskRunner.decode(bytes);
      if (r.error() != null) {
        f.result.completeExceptionally(r.error());
      } else {
        f.result.complete((T) r.value());
      }
    } catch (RuntimeException e) {
      f.result.completeExceptionally(e);
    }
  }

  private void finished() {
    boolean close;
    synchronized (lock) {
      inFlight--;
      close = shutdown && inFlight == 0 && !terminated;
      if (close) {
        terminated = true;
      }
      lock.notifyAll();
    }
    if (close) {
      backend.close();
    }
  }

  /**
   * A distributed parallel for: runs {@code task} for every index in {@code [fromInclusive,
   * toExclusive)}, split into {@code nTasks} contiguous ranges, one function each, and waits for
   * all. The first failure is rethrown (after every range finished).
   */
  public void invokeIterativeTask(
      IterativeTask task, int nTasks, long fromInclusive, long toExclusive)
      throws InterruptedException, ExecutionException {
    if (nTasks < 1 || toExclusive < fromInclusive) {
      throw new IllegalArgumentException(
          "bad parallel for: nTasks="
              + nTasks
              + " from="
              + fromInclusive
              + " to="
              + toExclusive
              + " (need nTasks >= 1 and from <= to)");
    }
    long len = toExclusive - fromInclusive;
    List<Callable<Long>> chunks = new ArrayList<>();
    for (int i = 0; i < nTasks; i++) {
      long lo = fromInclusive + len * i / nTasks;
      long hi = fromInclusive + len * (i + 1) / nTasks;
      if (hi > lo) {
        chunks.add(new IterativeChunk(task, lo, hi));
      }
    }
    for (Future<Long> f : invokeAll(chunks)) {
      f.get();
    }
  }

  @Override
  public <T> T invokeAny(Collection<? extends Callable<T>> tasks)
      throws InterruptedException, ExecutionException {
    try {
      return invokeAny(tasks, Long.MAX_VALUE, TimeUnit.NANOSECONDS);
    } catch (TimeoutException e) {
      throw new IllegalStateException("unbounded invokeAny timed out", e);
    }
  }

  /** Runs every task; returns the first successful result (others keep running). */
  @Override
  public <T> T invokeAny(Collection<? extends Callable<T>> tasks, long timeout, TimeUnit unit)
      throws InterruptedException, ExecutionException, TimeoutException {
    if (tasks.isEmpty()) {
      throw new IllegalArgumentException("invokeAny needs at least one task");
    }
    CompletableFuture<T> first = new CompletableFuture<>();
    List<CloudFuture<T>> futures = new ArrayList<>();
    for (Callable<T> t : tasks) {
      CloudFuture<T> f = (CloudFuture<T>) newTaskFor(t);
      futures.add(f);
      f.result.thenAccept(first::complete);
      execute(f);
    }
    CompletableFuture.allOf(futures.stream().map(f -> f.result).toArray(CompletableFuture[]::new))
        .whenComplete(
            (v, e) -> {
              // Dependents run in no set order: a success may not have reached `first` yet.
              for (CloudFuture<T> f : futures) {
                if (!f.result.isCompletedExceptionally()) {
                  first.complete(f.result.join());
                  return;
                }
              }
              first.completeExceptionally(unwrap(e));
            });
    return first.get(timeout, unit);
  }

  private static Throwable unwrap(Throwable e) {
    return e instanceof CompletionException && e.getCause() != null ? e.getCause() : e;
  }

  @Override
  public void shutdown() {
    boolean close;
    synchronized (lock) {
      shutdown = true;
      close = inFlight == 0 && !terminated;
      if (close) {
        terminated = true;
      }
      lock.notifyAll();
    }
    if (close) {
      backend.close();
    }
  }

  /** Like {@link #shutdown}: running functions cannot be stopped; returns an empty list. */
  @Override
  public List<Runnable> shutdownNow() {
    shutdown();
    return List.of();
  }

  @Override
  public boolean isShutdown() {
    synchronized (lock) {
      return shutdown;
    }
  }

  @Override
  public boolean isTerminated() {
    synchronized (lock) {
      return terminated;
    }
  }

  @Override
  public boolean awaitTermination(long timeout, TimeUnit unit) throws InterruptedException {
    long end = System.nanoTime() + unit.toNanos(timeout);
    synchronized (lock) {
      while (!terminated) {
        long left = end - System.nanoTime();
        if (left <= 0) {
          return false;
        }
        TimeUnit.NANOSECONDS.timedWait(lock, left);
      }
      return true;
    }
  }
}

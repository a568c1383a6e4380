package org.jnvm.crucial;

import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;

/**
 * A {@link Thread} whose {@link Runnable} runs as a function (CRUCIAL's CloudThread): {@link
 * #start} starts a local thread that invokes the function and blocks until it returns, so {@link
 * #join} and {@link #isAlive} behave as for a thread. The runnable must be {@link
 * java.io.Serializable}; it travels to the function with the references of its shared objects.
 *
 * <pre>
 * List&lt;Thread&gt; threads = new ArrayList&lt;&gt;();
 * for (int i = 0; i &lt; n; i++) threads.add(new CloudThread(new PiEstimator(seed + i)));
 * threads.forEach(Thread::start);
 * for (Thread t : threads) t.join();
 * </pre>
 *
 * A failure of the function (its exception, or its instance lost more often than the executor
 * retries) is kept in {@link #failure()} and passed to the thread's uncaught exception handler, as
 * a thread's exception would be.
 */
public class CloudThread extends Thread {
  private static volatile ServerlessExecutorService defaultExecutor;

  private final ServerlessExecutorService executor;
  private final Runnable task;
  private volatile Throwable failure;

  /** On the {@link #defaultExecutor() default executor}. */
  public CloudThread(Runnable task) {
    this(defaultExecutor(), task);
  }

  public CloudThread(ServerlessExecutorService executor, Runnable task) {
    super("cloud-thread");
    if (!(task instanceof java.io.Serializable)) {
      throw new IllegalArgumentException(
          "a CloudThread's runnable must be Serializable: " + task.getClass().getName());
    }
    this.executor = executor;
    this.task = task;
  }

  /** Makes {@code e} the executor of CloudThreads created without one. */
  public static void setDefaultExecutor(ServerlessExecutorService e) {
    defaultExecutor = e;
  }

  /** The executor set with {@link #setDefaultExecutor}, else one on threads of this JVM. */
  public static ServerlessExecutorService defaultExecutor() {
    ServerlessExecutorService e = defaultExecutor;
    if (e == null) {
      synchronized (CloudThread.class) {
        if (defaultExecutor == null) {
          defaultExecutor = new ServerlessExecutorService();
        }
        e = defaultExecutor;
      }
    }
    return e;
  }

  @Override
  public void run() {
    Future<?> f = executor.submit(task);
    try {
      f.get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      failure = e;
    } catch (ExecutionException e) {
      failure = e.getCause();
      if (failure instanceof RuntimeException r) {
        throw r;
      }
      if (failure instanceof Error err) {
        throw err;
      }
      throw new IllegalStateException("cloud thread failed", failure);
    }
  }

  /** The function's failure once the thread ended, or null if it completed normally. */
  public Throwable failure() {
    return failure;
  }
}

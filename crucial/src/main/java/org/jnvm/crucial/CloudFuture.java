package org.jnvm.crucial;

import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.RunnableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The future of a task submitted to a {@link ServerlessExecutorService}. It is a {@link
 * RunnableFuture} only so that {@code AbstractExecutorService}'s {@code invokeAll} can hand it to
 * {@code execute}; the task runs in a function, never through {@link #run}. Cancelling completes
 * the future but cannot stop a function already running (cloud functions cannot be cancelled).
 */
final class CloudFuture<T> implements RunnableFuture<T> {
  final Callable<T> task;
  final ServerlessExecutorService owner;
  final CompletableFuture<T> result = new CompletableFuture<>();
  final java.util.concurrent.atomic.AtomicBoolean dispatched =
      new java.util.concurrent.atomic.AtomicBoolean();

  CloudFuture(ServerlessExecutorService owner, Callable<T> task) {
    this.owner = owner;
    this.task = task;
  }

  @Override
  public void run() {
    owner.execute(this);
  }

  @Override
  public boolean cancel(boolean mayInterruptIfRunning) {
    return result.cancel(mayInterruptIfRunning);
  }

  @Override
  public boolean isCancelled() {
    return result.isCancelled();
  }

  @Override
  public boolean isDone() {
    return result.isDone();
  }

  @Override
  public T get() throws InterruptedException, ExecutionException {
    return result.get();
  }

  @Override
  public T get(long timeout, TimeUnit unit)
      throws InterruptedException, ExecutionException, TimeoutException {
    return result.get(timeout, unit);
  }
}

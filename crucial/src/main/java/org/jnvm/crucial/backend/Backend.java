package org.jnvm.crucial.backend;

import java.util.concurrent.CompletableFuture;

/**
 * Where a {@link org.jnvm.crucial.ServerlessExecutorService} runs its functions: anything that can
 * run a serialized task somewhere and hand back its serialized result. Two backends ship: {@link
 * ThreadBackend} (threads of this JVM) and {@link ProcessBackend} (forked worker JVMs).
 *
 * <p>The contract a FaaS platform (AWS Lambda, OpenWhisk, Knative...) would implement:
 *
 * <ol>
 *   <li>{@link #invoke} starts one attempt of one function: an instance (container, process,
 *       thread) receives {@link Invocation#task()}, the bytes of a serialized {@code Callable}, and
 *       runs it with {@link TaskRunner#run}, which needs the class path of the application and a
 *       DSO client (a worker gets the servers through {@code -Djnvm.dso.servers}).
 *   <li>While the task runs, each {@link Invocation#journal() journal} record the instance makes
 *       must reach the journal (held by the caller, here in the driver's memory) before the
 *       instance issues its next DSO call: a request/response from the function to the driver (the
 *       worker's pipe here; a callback endpoint or a durable queue for a cloud function).
 *   <li>The returned future completes with the bytes {@link TaskRunner#run} produced (a value or
 *       the task's own exception, see {@link TaskResult}), or exceptionally with {@link
 *       FunctionLostException} when the instance died, timed out or could not start; the executor
 *       then runs another attempt with the same journal (CRUCIAL's "re-executed with the exact same
 *       input"). Any other exceptional completion fails the task.
 * </ol>
 *
 * Implementations are thread-safe; {@link #close} stops every instance and is idempotent.
 */
public interface Backend extends AutoCloseable {
  /** Starts one attempt; never blocks for the task's duration. */
  CompletableFuture<byte[]> invoke(Invocation invocation);

  /** How many functions can run at once (a hint for callers that size their work). */
  int parallelism();

  @Override
  void close();
}

package org.jnvm.crucial.backend;

/**
 * One attempt of one function.
 *
 * @param taskId the executor's number for the task, the same in every attempt
 * @param attempt 1 for the first run, then 2, 3... for the re-runs after a lost instance
 * @param task the serialized {@code Callable}
 * @param journal the task's DSO call journal, shared by all its attempts
 */
public record Invocation(long taskId, int attempt, byte[] task, TaskJournal journal) {}

package org.jnvm.tpcb;

/**
 * Where the time went between the kill and the first transaction committed after the restart, in
 * milliseconds ({@code heapRecovery} is -1 for a backend without a J-NVM heap):
 *
 * <ul>
 *   <li>{@code jvmStart}: restart requested until the bank's {@code main} runs;
 *   <li>{@code heapRecovery}: the J-NVM heap's recovery (part of the cache start);
 *   <li>{@code cacheStart}: the rest of the cache's start, the store's preload included;
 *   <li>{@code firstTransaction}: cache ready until the first commit (the bank's check of its
 *       shape, or its reload when nothing persisted, included);
 *   <li>{@code total}: the kill until the first commit.
 * </ul>
 */
record Recovery(
    double jvmStart,
    double heapRecovery,
    double cacheStart,
    double firstTransaction,
    double total) {
  static final Recovery NONE = new Recovery(-1, -1, -1, -1, -1);

  /** Built from the restart's phases; {@code killMillis} is when the driver sent SIGKILL. */
  static Recovery of(long killMillis, ChildJvm restarted) {
    ChildJvm.Phase main = restarted.phase("main");
    ChildJvm.Phase ready = restarted.phase("ready");
    ChildJvm.Phase first = restarted.phase("first");
    if (main == null || ready == null || first == null) return NONE;
    long heapNanos = Long.parseLong(ready.rest()[0]);
    double heap = heapNanos < 0 ? -1 : heapNanos / 1e6;
    double cache = ready.millis() - main.millis() - Math.max(0, heap);
    return new Recovery(
        main.millis() - restarted.spawnMillis(),
        heap,
        cache,
        first.millis() - ready.millis(),
        first.millis() - killMillis);
  }
}

package org.jnvm.tpcb;

/**
 * Where the time went between the kill and the first transaction committed after the restart, in
 * milliseconds ({@code heapRecovery} is -1 for a backend without a J-NVM heap):
 *
 * <ul>
 *   <li>{@code jvmStart}: restart requested until the bank's {@code main} runs;
 *   <li>{@code cacheStart}: {@code main} until the cache is ready: the cache manager's start, the
 *       store's start, any preload;
 *   <li>{@code heapRecovery}: the J-NVM heap's recovery, within the cache start: {@link BankCache}
 *       opens the heap ahead, so it runs beside the cache manager's start;
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
    return new Recovery(
        main.millis() - restarted.spawnMillis(),
        heap,
        ready.millis() - main.millis(),
        first.millis() - ready.millis(),
        first.millis() - killMillis);
  }
}

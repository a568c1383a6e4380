package org.jnvm.crucial.bench;

import java.util.List;

/**
 * What the throughput experiment runs: client threads ({@code workers} JVMs x {@code threads}),
 * {@code objects} shared integers, the complex operation's multiplications, the replication
 * factors, seconds measured per (system, rf, operation) split over {@code rounds} interleaved
 * rounds, the least and the most warm-up seconds per (system, rf, operation) before them ({@link
 * WarmUp}), and whether Redis is measured.
 */
record ThroughputPlan(
    int workers,
    int threads,
    int objects,
    int complex,
    List<Integer> rfs,
    int seconds,
    int rounds,
    int warmupSeconds,
    int warmupMaxSeconds,
    boolean redis) {
  /** The nodes of each DSO cluster: enough for the largest rf. */
  static final int NODES = 3;

  /** The Redis append-only file's fsync policy on every server. */
  static final String APPENDFSYNC = "always";

  /** The windows in which the warm-up watches the rate settle. */
  static final long WARMUP_WINDOW_MILLIS = 2000;

  /** The seed's client threads (AWS Lambda functions). */
  static final int SEED_THREADS = 200;

  ThroughputPlan {
    rfs = List.copyOf(rfs);
  }

  ThroughputPlan withoutRedis() {
    return new ThroughputPlan(
        workers,
        threads,
        objects,
        complex,
        rfs,
        seconds,
        rounds,
        warmupSeconds,
        warmupMaxSeconds,
        false);
  }

  int clientThreads() {
    return workers * threads;
  }

  long millisPerRound() {
    return seconds * 1000L / rounds;
  }
}

package org.jnvm.tpcb;

import java.util.List;

/**
 * One backend's crash run as the report shows it.
 *
 * @param perSecond transactions acknowledged in each second of the run
 * @param beforeKill committed transactions per second from the start to the kill
 * @param afterRestart committed transactions per second from the first commit after the restart to
 *     the end (NaN when the restart left no whole second of the run)
 * @param ackedAfterRestart transactions the restarted bank acknowledged (0 without a kill)
 * @param recovery the restart's time split ({@link Recovery#NONE} without a kill)
 * @param persistent false for a backend whose restart starts from an empty bank
 * @param check the consistency check's verdict: "OK", "FAIL n" or "n/a ..." with the reason
 * @param violations the first violations the check described
 * @param aborts transactions that failed and were rolled back (all runs of the bank together)
 * @param loadMillis time to load the bank at the first start
 * @param failure why the run could not complete, or null
 */
record RunResult(
    String backend,
    long[] perSecond,
    long acked,
    double beforeKill,
    double afterRestart,
    long ackedAfterRestart,
    Recovery recovery,
    boolean persistent,
    String check,
    List<String> violations,
    long aborts,
    long loadMillis,
    String failure) {}

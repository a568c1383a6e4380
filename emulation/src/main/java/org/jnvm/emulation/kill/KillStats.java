package org.jnvm.emulation.kill;

import java.util.List;

/**
 * What a kill run did.
 *
 * @param rounds children started and killed
 * @param acksPerRound acknowledgements read from each child, in round order
 * @param lastAck the highest operation number acknowledged in the run
 * @param seed the seed of the kill delays, to repeat the run's schedule
 * @param elapsedMillis wall time of the whole run, checks included
 * @param childBackend the gateway line the first child printed, e.g. {@code [jnvm] gateway backend:
 *     intrinsics (...)}, or empty if it printed none
 */
public record KillStats(
    int rounds,
    List<Long> acksPerRound,
    long lastAck,
    long seed,
    long elapsedMillis,
    String childBackend) {

  public KillStats {
    acksPerRound = List.copyOf(acksPerRound);
  }

  public long totalAcks() {
    return acksPerRound.stream().mapToLong(Long::longValue).sum();
  }

  public long minAcksPerRound() {
    return acksPerRound.stream().mapToLong(Long::longValue).min().orElse(0);
  }

  @Override
  public String toString() {
    return String.format(
        "%d rounds killed with SIGKILL, %d acks (min %d per round), last ack %d, seed %d, %.1f s",
        rounds, totalAcks(), minAcksPerRound(), lastAck, seed, elapsedMillis / 1e3);
  }
}

package org.jnvm.crucial.bench;

import static org.jnvm.crucial.bench.ThroughputResults.DSO;

import java.util.List;

/**
 * A MODEL, not a measurement: the throughput the seed's deployment of Figure 3 (CloudButton D4.3
 * §3.4.1) would reach with the CPU per operation of each process measured here. The seed ran 200
 * cloud threads (AWS Lambda, 3 GB: more than one vCPU each) against a storage layer of one {@code
 * r5.2xlarge} machine (8 vCPUs) per DSO node and per Redis server: 2 machines at rf 1 and 2 (Redis:
 * 2 shards; a master and a replica), 3 at rf 3 (a master and 2 replicas).
 *
 * <p>Throughput is the least of two bounds (a bottleneck model: no queueing, no contention):
 *
 * <pre>
 *   servers  DSO:   machines(rf) x cores x 1e6 / (CPU us per op, all nodes summed)
 *                   (calls on different objects run in parallel on every core of every node)
 *            Redis: min over its servers of 1e6 / (that server's CPU us per op)
 *                   (each server runs commands and scripts on one event loop: one core)
 *   clients  threads x 1e6 / latency,  latency = round trips x rtt + CPU us per op of clients and
 *                                                 servers (all of it taken as on the call's path)
 *   round trips: DSO 1 at rf 1, 2 above (the call, then the primary to its backups in parallel);
 *                Redis 1 at rf 1, 3 above (EVALSHA, then WAIT: to the master, master to replicas)
 * </pre>
 */
final class SeedModel {
  /** The seed's storage machines' vCPUs, its cloud threads, and a network round trip. */
  record Params(int coresPerMachine, int cloudThreads, double rttMicros) {
    /**
     * r5.2xlarge machines, 200 cloud threads; 200 us: the seed's Table 2 gives 229-232 us for a 1
     * KB get or put on Redis and on the DSO at rf 1 from a function, one round trip and the
     * server's work.
     */
    static final Params SEED = new Params(8, ThroughputPlan.SEED_THREADS, 200);

    Params {
      if (coresPerMachine <= 0 || cloudThreads <= 0 || rttMicros < 0) {
        throw new IllegalArgumentException(
            "model parameters: cores per machine and cloud threads must be > 0, the round trip"
                + " >= 0: cores="
                + coresPerMachine
                + " threads="
                + cloudThreads
                + " rtt="
                + rttMicros);
      }
    }
  }

  /** A modelled rate and the bound that set it ("servers" or "clients"). */
  record Point(double opsPerSecond, String bound) {}

  private SeedModel() {}

  /** The seed's storage machines at a replication factor: 2 at rf 1 and 2, rf above. */
  static int machines(int rf) {
    return Math.max(2, rf);
  }

  /** Client round trips per operation (see the class comment). */
  static int roundTrips(String system, int rf) {
    if (rf == 1) return 1;
    return system.equals(DSO) ? 2 : 3;
  }

  /** The modelled rate of a system at rf from its measured CPU per operation. */
  static Point model(String system, int rf, CpuPerOp c, Params p) {
    double servers =
        system.equals(DSO)
            ? machines(rf) * p.coresPerMachine() * 1e6 / c.nodes()
            : 1e6 / c.perServer().stream().mapToDouble(Double::doubleValue).max().orElseThrow();
    double latency = roundTrips(system, rf) * p.rttMicros() + c.total();
    double clients = p.cloudThreads() * 1e6 / latency;
    return servers <= clients ? new Point(servers, "servers") : new Point(clients, "clients");
  }

  /** The mean over rounds of each part, each server's too (rounds list the same servers). */
  static CpuPerOp mean(List<CpuPerOp> rounds) {
    if (rounds.isEmpty()) throw new IllegalArgumentException("no rounds to average");
    int servers = rounds.get(0).perServer().size();
    List<Double> each =
        java.util.stream.IntStream.range(0, servers)
            .mapToObj(i -> CpuTable.mean(rounds, c -> c.perServer().get(i)))
            .toList();
    return new CpuPerOp(
        CpuTable.mean(rounds, CpuPerOp::clientUser),
        CpuTable.mean(rounds, CpuPerOp::clientKernel),
        CpuTable.mean(rounds, CpuPerOp::nodesUser),
        CpuTable.mean(rounds, CpuPerOp::nodesKernel),
        CpuTable.mean(rounds, CpuPerOp::cores),
        each);
  }
}

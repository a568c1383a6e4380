package org.jnvm.crucial.bench;

import java.util.List;

/**
 * CPU per operation of one system over one measured interval, in microseconds, split into its
 * client processes (the worker JVMs) and its servers (DSO nodes or redis-servers), each into user
 * and kernel time: the processes' utime and stime ({@link ProcCpu}) over the interval, divided by
 * the operations completed in it. {@code cores} is the CPU all those processes used per second of
 * the interval; {@code perServer} is each server process's CPU per operation of the system (user +
 * kernel, in the order the system lists them: Redis's master or shards first).
 */
record CpuPerOp(
    double clientUser,
    double clientKernel,
    double nodesUser,
    double nodesKernel,
    double cores,
    List<Double> perServer) {

  CpuPerOp {
    perServer = List.copyOf(perServer);
  }

  /**
   * From the ticks the client and server processes used during an interval of {@code seconds} in
   * which {@code ops} operations completed; {@code ticksPerSecond} is USER_HZ.
   */
  static CpuPerOp of(
      ProcCpu.Times client,
      List<ProcCpu.Times> servers,
      long ops,
      double seconds,
      long ticksPerSecond) {
    if (ops <= 0 || seconds <= 0 || ticksPerSecond <= 0) {
      throw new IllegalArgumentException(
          "CPU per operation needs operations, time and a tick rate: ops="
              + ops
              + " seconds="
              + seconds
              + " ticksPerSecond="
              + ticksPerSecond);
    }
    double us = 1e6 / ticksPerSecond / ops;
    ProcCpu.Times nodes = servers.stream().reduce(ProcCpu.Times.ZERO, ProcCpu.Times::plus);
    double cores = (client.total() + nodes.total()) / (double) ticksPerSecond / seconds;
    return new CpuPerOp(
        client.user() * us,
        client.system() * us,
        nodes.user() * us,
        nodes.system() * us,
        cores,
        servers.stream().map(t -> t.total() * us).toList());
  }

  double client() {
    return clientUser + clientKernel;
  }

  double nodes() {
    return nodesUser + nodesKernel;
  }

  double total() {
    return client() + nodes();
  }

  /** The servers' kernel time as a share of their CPU (0 when they used none). */
  double nodesKernelShare() {
    return nodes() == 0 ? 0 : nodesKernel / nodes();
  }
}

package org.jnvm.crucial.bench;

/**
 * Read and write system calls per operation of one system over one measured round: its client
 * processes' and its servers' ({@link ProcCpu.Syscalls}) divided by the round's operations. Unlike
 * CPU time, these counts do not depend on what else the machine runs.
 */
record SyscallsPerOp(
    double clientReads, double clientWrites, double serverReads, double serverWrites) {
  static SyscallsPerOp of(ProcCpu.Syscalls client, ProcCpu.Syscalls servers, long ops) {
    if (ops <= 0) {
      throw new IllegalArgumentException("system calls per operation need operations: " + ops);
    }
    double n = ops;
    return new SyscallsPerOp(
        client.reads() / n, client.writes() / n, servers.reads() / n, servers.writes() / n);
  }
}

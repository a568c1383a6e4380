package org.jnvm.crucial.bench;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The throughput experiment's measurements: per (system, rf, operation), the rate of each round in
 * operations per second, and how its warm-up went.
 */
final class ThroughputResults {
  static final String DSO = "DSO";
  static final String REDIS = "Redis";
  static final String SIMPLE = "simple";
  static final String COMPLEX = "complex";

  private final Map<String, List<Double>> rounds = new LinkedHashMap<>();
  private final Map<String, WarmUp.Outcome> warmUps = new LinkedHashMap<>();
  private final Map<String, List<CpuPerOp>> cpu = new LinkedHashMap<>();
  private final Map<String, List<SyscallsPerOp>> syscalls = new LinkedHashMap<>();

  void warmedUp(String system, int rf, String op, WarmUp.Outcome o) {
    warmUps.put(key(system, rf, op), o);
  }

  /** The warm-up of a point, or null when it was not warmed up. */
  WarmUp.Outcome warmUp(String system, int rf, String op) {
    return warmUps.get(key(system, rf, op));
  }

  void add(String system, int rf, String op, double opsPerSecond) {
    rounds.computeIfAbsent(key(system, rf, op), k -> new ArrayList<>()).add(opsPerSecond);
  }

  /** One round's CPU per operation of a point. */
  void addCpu(String system, int rf, String op, CpuPerOp c) {
    cpu.computeIfAbsent(key(system, rf, op), k -> new ArrayList<>()).add(c);
  }

  /** A point's CPU per operation, one per round (empty when not measured). */
  List<CpuPerOp> cpu(String system, int rf, String op) {
    return List.copyOf(cpu.getOrDefault(key(system, rf, op), List.of()));
  }

  /** One round's system calls per operation of a point. */
  void addSyscalls(String system, int rf, String op, SyscallsPerOp s) {
    syscalls.computeIfAbsent(key(system, rf, op), k -> new ArrayList<>()).add(s);
  }

  /** A point's system calls per operation, one per round (empty when not measured). */
  List<SyscallsPerOp> syscalls(String system, int rf, String op) {
    return List.copyOf(syscalls.getOrDefault(key(system, rf, op), List.of()));
  }

  /** The mean over rounds (each round lasts as long), or -1 when not measured. */
  double mean(String system, int rf, String op) {
    List<Double> r = rounds.get(key(system, rf, op));
    return r == null ? -1 : r.stream().mapToDouble(Double::doubleValue).average().orElse(-1);
  }

  double min(String system, int rf, String op) {
    List<Double> r = rounds.get(key(system, rf, op));
    return r == null ? -1 : r.stream().mapToDouble(Double::doubleValue).min().orElse(-1);
  }

  double max(String system, int rf, String op) {
    List<Double> r = rounds.get(key(system, rf, op));
    return r == null ? -1 : r.stream().mapToDouble(Double::doubleValue).max().orElse(-1);
  }

  boolean has(String system) {
    return rounds.keySet().stream().anyMatch(k -> k.startsWith(system + " "));
  }

  private static String key(String system, int rf, String op) {
    return system + " " + rf + " " + op;
  }
}

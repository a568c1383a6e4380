package org.jnvm.crucial.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A tiny throughput run end to end at rf 2 (a forked 3-node DSO cluster, a Redis master and replica
 * with WAIT 1, one worker JVM of two client threads): every (system, operation) counts operations,
 * the report has its table and goals, the chart is a PNG, and the run leaves none of its processes
 * behind.
 */
class ThroughputRunTest {
  @TempDir Path dir;

  @Test
  void aTinyRunMeasuresEveryRowAndWritesTheReportAndChart() throws Exception {
    boolean redis = RedisServer.available();
    ThroughputPlan plan = new ThroughputPlan(1, 2, 10, 100, List.of(2), 1, 1, 0, 0, redis);
    long before = ProcessHandle.current().descendants().count();
    ThroughputResults r;
    try (Resources res = new Resources()) {
      r = new Throughput(plan, res, dir.resolve("logs"), dir.resolve("scratch")).run();
    }
    List<String> systems = redis ? List.of("DSO", "Redis") : List.of("DSO");
    for (String system : systems) {
      for (String op : List.of(ThroughputResults.SIMPLE, ThroughputResults.COMPLEX)) {
        assertTrue(r.mean(system, 2, op) > 0, system + " " + op + " counted operations");
        List<CpuPerOp> cpu = r.cpu(system, 2, op);
        assertTrue(cpu.size() == 1, "one CPU figure per round: " + cpu);
        assertTrue(cpu.get(0).client() > 0, system + " " + op + " clients used CPU: " + cpu);
        assertTrue(cpu.get(0).nodes() > 0, system + " " + op + " servers used CPU: " + cpu);
        assertEquals(
            system.equals("DSO") ? 3 : 2,
            cpu.get(0).perServer().size(),
            "a figure per node, or for the master and the replica: " + cpu);
        List<SyscallsPerOp> calls = r.syscalls(system, 2, op);
        assertEquals(1, calls.size(), "one system call figure per round: " + calls);
        assertTrue(calls.get(0).serverWrites() > 0, system + " servers wrote replies: " + calls);
      }
    }
    ThroughputReport report = new ThroughputReport(plan, r);
    String md = report.markdown();
    assertTrue(md.contains("| DSO | 2 |"), md);
    assertFalse(md.contains("DSO rf 3"), "no rf 3 goal without rf 3");
    assertTrue(md.contains("### CPU per operation"), md);
    assertTrue(md.contains("| DSO | 2 | simple |"), md);
    assertEquals(redis, md.contains("### MODEL, not measured"), md);
    Path png = dir.resolve("tp.png");
    Chart.render(report.panels(), png);
    assertFalse(ImageIO.read(png.toFile()) == null, "a PNG image");
    assertTrue(Files.size(png) > 0);
    assertTrue(
        ProcessHandle.current().descendants().filter(ProcessHandle::isAlive).count() <= before,
        "no node, redis-server or worker JVM left running");
  }
}

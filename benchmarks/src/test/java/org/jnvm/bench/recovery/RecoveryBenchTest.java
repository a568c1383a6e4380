package org.jnvm.bench.recovery;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.jnvm.bench.support.BenchHeap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RecoveryBenchTest {

  @Test
  void tenThousandCellsRecoverAtAPositiveRateAndTheHeapIsDeleted(@TempDir Path tmp)
      throws IOException {
    RecoveryArgs a = RecoveryArgs.parse("--objects", "10k", "--repeats", "2", "--threads", "1,2");
    List<String> log = new ArrayList<>();
    List<RecoveryRun> runs = RecoveryBench.run(a, log::add);
    assertEquals(4, runs.size());
    for (RecoveryRun r : runs) {
      assertTrue(r.liveObjects() >= 10_000 + 2, "cells + a leaf + the top array: " + r);
      assertTrue(r.objectsPerSecond() > 0, r.toString());
      assertTrue(r.openNanos() >= r.totalNanos(), "open includes recovery: " + r);
    }
    assertEquals(List.of(1, 2, 1, 2), runs.stream().map(RecoveryRun::threads).toList());
    assertTrue(log.get(0).startsWith("built 10,000 cells"), log.get(0));
    assertEquals(List.of(), leftovers(), "heap files left behind");

    Path tsv = tmp.resolve("recovery.tsv");
    RecoveryTsv.append(tsv, runs.subList(0, 2));
    RecoveryTsv.append(tsv, runs.subList(2, 4));
    assertEquals(runs, RecoveryTsv.read(tsv));
    assertEquals(5, Files.readAllLines(tsv).size(), "one header, four rows");
  }

  private static List<Path> leftovers() throws IOException {
    String mine = "jnvm-bench-run-" + ProcessHandle.current().pid() + "-";
    try (Stream<Path> s = Files.list(BenchHeap.dir())) {
      return s.filter(p -> p.getFileName().toString().contains(mine)).toList();
    }
  }
}

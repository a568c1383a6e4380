package org.jnvm.tpcb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The bank killed mid-run on the J-NVM store, as {@code bin/jnvm tpcb} runs it (a small bank, a
 * short run): the restarted bank serves transactions again (the run waits for a number of them, not
 * for a rate inside its window) and the check finds every acknowledged transaction whole. The
 * {@code kills} tag repeats it 20 times per mode ({@code -Ptpcb-kills}).
 */
class KillTest {
  private static final Path SHM = Path.of("/dev/shm");

  /** Transactions the restarted bank must acknowledge (the run waits for them, see CrashRun). */
  private static final long AFTER_RESTART = 200;

  @TempDir Path logs;

  @ParameterizedTest
  @ValueSource(strings = {"jpdt", "jpfa"})
  void oneKill(String backend) throws Exception {
    RunResult r = run(backend, 10, 3, 0);
    assertTrue(r.recovery().total() > 0, "the restart's split was measured");
    // A count, not a rate: on a busy machine the restart can take the run's whole window.
    assertTrue(
        r.ackedAfterRestart() >= AFTER_RESTART,
        "transactions acknowledged after the restart: " + r.ackedAfterRestart());
  }

  @Tag("kills")
  @ParameterizedTest
  @ValueSource(strings = {"jpdt", "jpfa"})
  void twentyKills(String backend) throws Exception {
    List<String> failures = new ArrayList<>();
    for (int i = 0; i < 20; i++) {
      RunResult r = run(backend, 4, 2, i);
      if (!r.check().startsWith("OK"))
        failures.add("run " + i + ": " + r.check() + " " + r.violations());
    }
    assertEquals(List.of(), failures);
  }

  private RunResult run(String backend, int seconds, int crashAt, int n) throws Exception {
    Path data =
        (Files.isDirectory(SHM) ? SHM : logs)
            .resolve("jnvm-tpcb-test-" + ProcessHandle.current().pid() + "-" + backend + "-" + n);
    RunSettings s =
        new RunSettings(
            new BankShape(1, 2000),
            2,
            seconds,
            crashAt,
            data,
            256L << 20,
            "512m",
            Preload.AUTO,
            logs,
            List.of());
    try {
      RunResult r =
          new CrashRun(backend, s, line -> System.out.println(backend + ": " + line))
              .awaitingAfterRestart(AFTER_RESTART)
              .run();
      assertNull(r.failure());
      assertTrue(r.acked() > 0, "transactions were acknowledged");
      assertEquals("OK 0", r.check(), r.violations().toString());
      return r;
    } finally {
      Dirs.delete(data);
    }
  }
}

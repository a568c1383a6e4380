package org.jnvm.bench.recovery;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class RecoveryArgsTest {

  @Test
  void defaultsAndOptions() {
    assertEquals(RecoveryArgs.defaults(), RecoveryArgs.parse());
    RecoveryArgs a =
        RecoveryArgs.parse(
            "--objects", "1M,10M,2500", "--repeats", "5", "--threads", "2", "--out", "r.tsv");
    assertEquals(List.of(1_000_000L, 10_000_000L, 2500L), a.objects());
    assertEquals(5, a.repeats());
    assertEquals(List.of(2), a.threads());
    assertEquals(Path.of("r.tsv"), a.out());
    assertTrue(RecoveryArgs.parse("--help").help());
  }

  @Test
  void badArgumentsAreNamed() {
    assertEquals("unknown option: --fast", message("--fast", "1"));
    assertEquals("missing value after --objects", message("--objects"));
    assertEquals("--objects: not a count: 1G", message("--objects", "1G"));
    assertEquals("--threads must be a positive integer: 0", message("--threads", "1,0"));
  }

  private static String message(String... args) {
    return assertThrows(IllegalArgumentException.class, () -> RecoveryArgs.parse(args))
        .getMessage();
  }
}

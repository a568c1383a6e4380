package org.jnvm.dso.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * {@code bin/jnvm dso-server}'s command line: defaults derived from the port and name, sizes with
 * suffixes, and a mistyped option refused (the hand-written parser took any {@code --x VALUE} and
 * ignored what it did not know, so {@code --prot 7401} started a node on 7400).
 */
class DsoServerOptionsTest {
  private static NodeConfig config(String... args) {
    DsoServerMain o = new DsoServerMain();
    new CommandLine(o).parseArgs(args);
    return o.config();
  }

  @Test
  void defaultsFollowThePortAndTheName() {
    NodeConfig c = config("--port", "7411");
    assertEquals("node-7411", c.name());
    assertEquals(List.of("127.0.0.1[7800]"), c.peers());
    assertEquals(Path.of("/dev/shm/jnvm-dso-node-7411"), c.dir());
    assertEquals(PersistentStore.DEFAULT_SIZE, c.storeSize());
  }

  @Test
  void listsAndSizesAreParsed() {
    NodeConfig c =
        config(
            "--name",
            "a",
            "--peers",
            "h1[7800], h2[7800]",
            "--store-size",
            "1g",
            "--types",
            "x.A,x.B");
    assertEquals(List.of("h1[7800]", "h2[7800]"), c.peers());
    assertEquals(1L << 30, c.storeSize());
    assertEquals(List.of("x.A", "x.B"), c.types());
  }

  @Test
  void mistakesAreRefusedNamingThem() {
    var e = assertThrows(CommandLine.ParameterException.class, () -> config("--prot", "7401"));
    assertTrue(e.getMessage().contains("'--prot'"), e.getMessage());
    e = assertThrows(CommandLine.ParameterException.class, () -> config("--store-size", "lots"));
    assertTrue(e.getMessage().contains("not 'lots'"), e.getMessage());
    e = assertThrows(CommandLine.ParameterException.class, () -> config("--port", "x"));
    assertTrue(e.getMessage().contains("'--port'"), e.getMessage());
  }
}

package org.jnvm.crucial.cluster;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A cluster whose construction fails leaves no scratch directory behind (nothing will close it).
 */
class NodeClusterTest {
  @Test
  void aClusterThatCannotBeBuiltLeavesNoScratchDirectory(@TempDir Path tmp) throws Exception {
    Path file = Files.writeString(tmp.resolve("not-a-directory"), "x");
    String name = "unbuilt" + ProcessHandle.current().pid();
    assertThrows(
        UncheckedIOException.class,
        () -> new NodeCluster(name, 1, 1, List.of(), file.resolve("logs")));
    try (Stream<Path> left = Files.list(Ports.scratchBase())) {
      assertTrue(
          left.noneMatch(p -> p.getFileName().toString().startsWith("jnvm-crucial-" + name + "-")),
          "a scratch directory of the failed cluster is left in " + Ports.scratchBase());
    }
  }
}

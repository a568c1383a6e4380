package org.jnvm.bench.gateway;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class NativeLibraryTest {

  @Test
  void foundBesideTheJarOrTheClassesDirectory() {
    Path expected = Path.of("/x/benchmarks/target/native/libjnvmbench.so");
    assertEquals(
        expected, NativeLibrary.locate(null, Path.of("/x/benchmarks/target/benchmarks.jar")));
    assertEquals(expected, NativeLibrary.locate("", Path.of("/x/benchmarks/target/classes")));
  }

  @Test
  void thePropertyWins() {
    assertEquals(
        Path.of("/opt/lib.so"), NativeLibrary.locate("/opt/lib.so", Path.of("/x/target/classes")));
  }
}

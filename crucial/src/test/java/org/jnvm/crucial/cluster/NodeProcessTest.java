package org.jnvm.crucial.cluster;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.ExecutionException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A node that exits before it serves is reported with its exit status and its last output lines: a
 * test's log directory is deleted with the test, so the error must carry the cause itself.
 */
class NodeProcessTest {
  @Test
  void aNodeThatExitsBeforeItIsReadySaysWhy(@TempDir Path tmp) throws Exception {
    NodeProcess p =
        new NodeProcess(
            "bad", Ports.free(), List.of("--no-such-option"), List.of(), tmp.resolve("bad.log"));
    try {
      p.launch();
      ExecutionException e = assertThrows(ExecutionException.class, () -> p.awaitReady(120));
      String m = e.getCause().getMessage();
      assertTrue(m.contains("exit status 64"), m);
      assertTrue(m.contains("Unknown option: '--no-such-option'"), m);
    } finally {
      p.close();
    }
  }
}

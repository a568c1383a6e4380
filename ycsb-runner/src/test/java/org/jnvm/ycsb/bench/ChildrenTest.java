package org.jnvm.ycsb.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A child's log keeps both its stderr and its stdout lines that are not progress lines, however the
 * two interleave (a stderr redirect that did not append overwrote the stdout lines).
 */
class ChildrenTest {
  @Test
  void theLogKeepsStdoutAndStderrLinesAndConsumesProgressLines(@TempDir Path tmp) throws Exception {
    Path log = tmp.resolve("child.log");
    Files.writeString(log, "left from an earlier run\n");
    String script =
        "echo err-before-a-long-line-that-would-cover-the-next-stdout-lines >&2; sleep 0.3;"
            + " echo out1; sleep 0.3; echo err2 >&2; sleep 0.3; echo out2;"
            + " echo 'progress load 1 2'";
    ByteArrayOutputStream console = new ByteArrayOutputStream();
    Progress progress = new Progress(new PrintStream(console, true, StandardCharsets.UTF_8), "t");
    String failure =
        Children.run(List.of("sh", "-c", script), log, progress, tmp.resolve("scratch"));
    assertNull(failure);
    List<String> lines = Files.readAllLines(log);
    assertEquals(
        List.of(
            "err-before-a-long-line-that-would-cover-the-next-stdout-lines",
            "out1",
            "err2",
            "out2"),
        lines);
    assertTrue(console.toString(StandardCharsets.UTF_8).contains("t: done"), console.toString());
  }

  /**
   * Every child commits and touches its initial heap at its start and keeps it (no first touch
   * inside a measured workload), never above its {@code -Xmx}; the flags come before the profiling
   * variable's, so that a user's flag there wins.
   */
  @Test
  void childrenPreTouchAndKeepTheirHeap(@TempDir Path tmp) {
    List<String> flags = Children.heapFlags(4096);
    assertEquals(List.of("-Xms1024m", "-XX:+AlwaysPreTouch", "-XX:MaxHeapFreeRatio=100"), flags);
    assertEquals("-Xms512m", Children.heapFlags(512).get(0));
    List<String> cmd = Children.command(1024, flags, "-XX:-AlwaysPreTouch", UnitMain.class, tmp);
    int on = cmd.indexOf("-XX:+AlwaysPreTouch");
    assertTrue(on > cmd.indexOf("-Xmx1024m"), cmd::toString);
    assertTrue(cmd.indexOf("-XX:-AlwaysPreTouch") > on, () -> "the user's flag must win: " + cmd);
    assertEquals(UnitMain.class.getName(), cmd.get(cmd.size() - 2));
  }
}

package org.jnvm.core.pmem;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.jnvm.core.heap.ChildJvm;
import org.jnvm.core.heap.TestHeaps;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * One contiguous mapping far past 2 GiB: a sparse 256 GiB file (a few pages touched), written at
 * offsets above 2, 4, 8 and 64 GiB, read back by another JVM (which writes back with msync, the
 * route's force path) and by a JDK 25 JVM when one is installed (the FFM route).
 */
class LargeMappingTest {
  static final long SIZE = 256L << 30;
  static final long[] OFFSETS = {
    (2L << 30) + 64, (4L << 30) + 4096, (8L << 30) + 8, (64L << 30) + 128, SIZE - 64
  };

  /**
   * Child: maps the file, checks each offset holds {@code value(offset, round)}, writes round+1.
   */
  public static final class Remap {
    public static void main(String[] args) throws IOException {
      Path file = Path.of(args[0]);
      int round = Integer.parseInt(args[1]);
      System.out.println("ROUTE " + Pmem.mappingDescription());
      try (FileChannel ch =
          FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
        Mapping m = Pmem.map(file, ch, ch.size(), false, false);
        try {
          verifyAndWrite(m, round);
        } finally {
          Pmem.unmap(m);
        }
      } catch (IOException | RuntimeException e) {
        System.out.println("FAILED " + e.getMessage());
        return;
      }
      System.out.println("OK " + round);
    }
  }

  static long value(long offset, int round) {
    return offset * 31 + round;
  }

  static void verifyAndWrite(Mapping m, int round) {
    for (long off : OFFSETS) {
      long a = m.base() + off;
      long got = Pmem.getLong(a);
      if (round > 0 && got != value(off, round)) {
        throw new AssertionError("offset " + off + ": " + got + " != " + value(off, round));
      }
      Pmem.putLong(a, value(off, round + 1));
      Pmem.pwb(a);
    }
    Pmem.psync();
  }

  @Test
  void mapsFarPastTwoGiBAndOtherJvmsReadItBack() throws Exception {
    assertEquals(Long.MAX_VALUE, Pmem.maxMappingSize(), Pmem.mappingDescription());
    try (TestHeaps t = new TestHeaps()) {
      Path file = t.path("heaps-256g-mapping");
      sparse(file, SIZE);
      int round = 0;
      try (FileChannel ch =
          FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
        Mapping m = Pmem.map(file, ch, SIZE, false, false);
        assertEquals(SIZE, m.size());
        assertTrue(m.contains(m.base() + SIZE - 1) && !m.contains(m.base() + SIZE));
        verifyAndWrite(m, round++);
        Pmem.unmap(m);
      }
      List<String> msync = new ArrayList<>(ChildJvm.gatewayFlags());
      msync.add("-Djnvm.backend=msync");
      assertChildOk(run(javaOf(System.getProperty("java.home")), msync, file, round++), round);
      Path jdk25 = GatewayTest.siblingJdk(25);
      if (jdk25 != null) {
        String out = run(javaOf(jdk25.toString()), ChildJvm.gatewayFlags(), file, round++);
        assertTrue(out.contains("ROUTE ffm (any size)"), out);
        assertChildOk(out, round);
      }
      try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
        Mapping m = Pmem.map(file, ch, SIZE, true, false);
        for (long off : OFFSETS) assertEquals(value(off, round), Pmem.getLong(m.base() + off));
        Pmem.unmap(m);
      }
    }
  }

  @Test
  void theBufferRouteRefusesALargeMappingSayingWhatToChange() throws Exception {
    try (TestHeaps t = new TestHeaps()) {
      Path file = t.path("heaps-3g-mapping");
      sparse(file, 3L << 30);
      List<String> flags = new ArrayList<>(ChildJvm.gatewayFlags());
      flags.add("-Djnvm.mapping=buffer");
      String out = run(javaOf(System.getProperty("java.home")), flags, file, 0);
      assertTrue(out.contains("ROUTE buffer (at most 2147483647 bytes)"), out);
      assertTrue(out.contains("FAILED a heap mapping of 3221225472 bytes is larger"), out);
      assertTrue(out.contains("use JDK 22+, or JDK 17 with --add-opens java.base/sun.nio.ch"), out);
    }
  }

  @Test
  void jdk17WithoutTheOpeningSaysWhichFlagIsMissing() throws Exception {
    Assumptions.assumeTrue(Runtime.version().feature() == 17, "the JDK 17 route only");
    try (TestHeaps t = new TestHeaps()) {
      Path file = t.path("heaps-3g-noflag");
      sparse(file, 3L << 30);
      List<String> flags = new ArrayList<>(ChildJvm.gatewayFlags());
      int at = flags.indexOf("java.base/sun.nio.ch=ALL-UNNAMED");
      flags.subList(at - 1, at + 1).clear();
      String out = run(javaOf(System.getProperty("java.home")), flags, file, 0);
      assertTrue(
          out.contains("JDK 17 mappings over 2 GiB need --add-opens java.base/sun.nio.ch"), out);
    }
  }

  private static void assertChildOk(String out, int round) {
    assertTrue(out.contains("OK " + (round - 1)), out);
  }

  static void sparse(Path file, long size) throws IOException {
    try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "rw")) {
      f.setLength(size);
    }
  }

  private static Path javaOf(String home) {
    return Path.of(home, "bin", "java");
  }

  private static String run(Path java, List<String> jvmArgs, Path file, int round)
      throws IOException, InterruptedException {
    List<String> cmd = new ArrayList<>(List.of(java.toString()));
    cmd.addAll(jvmArgs);
    cmd.addAll(
        List.of(
            "-cp",
            System.getProperty("java.class.path"),
            Remap.class.getName(),
            file.toString(),
            Integer.toString(round)));
    Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(p.waitFor(60, TimeUnit.SECONDS), out);
    return out;
  }
}

package org.jnvm.core.pmem;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.jnvm.core.heap.ChildJvm;
import org.jnvm.core.heap.Heap;
import org.jnvm.core.heap.Node;
import org.jnvm.core.heap.TestHeaps;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

class GatewayTest {

  /** Child: prints the backend, then uses a heap to prove the backend works. */
  public static final class Probe {
    public static void main(String[] args) {
      try (Heap h = Heap.create(Path.of(args[0]), 1 << 20)) {
        h.roots().put("n", new Node(h, 1));
      }
      System.out.println("BACKEND " + Pmem.backendName());
    }
  }

  /** True on a JVM built with the hotspot-patch module (public {@code Unsafe.pwb}). */
  private static boolean patchedJvm() {
    return PatchedJvmBackend.tryCreate(new ArrayList<>()) != null;
  }

  @Test
  void testJvmUsesTheWritebackIntrinsics() {
    boolean x86 = System.getProperty("os.arch").matches("amd64|x86_64");
    Assumptions.assumeTrue(x86, "intrinsics are probed on x86 here");
    String expected = patchedJvm() ? "patched" : "intrinsics";
    assertEquals(expected, Pmem.backendName(), Pmem.backendDescription());
  }

  @Test
  void withoutTheOpensAPatchedJvmKeepsItsBackend() throws Exception {
    Assumptions.assumeTrue(patchedJvm(), "not a patched JVM: the stock case is tested below");
    String out = child(javaOf(System.getProperty("java.home")), List.of());
    assertTrue(out.contains("BACKEND patched"), out);
    assertTrue(out.lines().noneMatch(l -> l.contains("WARNING")), out);
  }

  @Test
  void withoutTheOpensTheGatewayFallsBackWithOneWarning() throws Exception {
    Assumptions.assumeFalse(patchedJvm(), "a patched JVM needs no --add-opens");
    String out = child(javaOf(System.getProperty("java.home")), List.of());
    assertTrue(out.contains("BACKEND msync"), out);
    assertEquals(
        1, out.lines().filter(l -> l.contains("WARNING: using the msync fallback")).count(), out);
    assertEquals(1, out.lines().filter(l -> l.startsWith("[jnvm]")).count(), "one line: " + out);
    assertTrue(out.contains("--add-opens java.base/jdk.internal.misc=ALL-UNNAMED"), out);
  }

  @Test
  void namedBackendThatCannotRunIsAnError() throws Exception {
    Assumptions.assumeFalse(patchedJvm(), "the patched backend can run on this JVM");
    String out = child(javaOf(System.getProperty("java.home")), List.of("-Djnvm.backend=patched"));
    assertTrue(out.contains("gateway backend patched was requested but cannot run"), out);
  }

  @Test
  void jdk25WithoutC2FallsBackInsteadOfCrashing() throws Exception {
    Path jdk25 = siblingJdk(25);
    Assumptions.assumeTrue(jdk25 != null, "no JDK 25 installed beside the running JDK");
    for (String flag : new String[] {"-Xint", "-XX:TieredStopAtLevel=1"}) {
      List<String> args = new ArrayList<>(ChildJvm.gatewayFlags());
      args.add("--sun-misc-unsafe-memory-access=allow");
      args.add(flag);
      String out = child(javaOf(jdk25.toString()), args);
      assertTrue(out.contains("BACKEND msync"), flag + ": " + out);
    }
    String out = child(javaOf(jdk25.toString()), ChildJvm.gatewayFlags());
    assertTrue(out.contains("BACKEND intrinsics"), out);
  }

  /**
   * A load and a later store to the same address must stay in that order when a write-back or a
   * fence sits before or between them, once C2 has compiled the code: C2 does not see through the
   * nodes of the JDK's write-back intrinsics unless the gateway brackets them (see {@link
   * IntrinsicsBackend}). Unbracketed, each pattern read the value it was about to store within 60
   * 000 iterations on JDK 17.0.15 and 25.0.3.
   */
  @Test
  void loadsAreNotMovedPastLaterStoresAroundWriteBacks() throws Exception {
    try (TestHeaps t = new TestHeaps()) {
      Heap h = t.create("reorder", 1 << 20);
      Node n = new Node(h, 0);
      long at = n.address() + 8;
      long other = at + 64;
      for (int pattern = 0; pattern < 3; pattern++) {
        Pmem.putLong(at, 0);
        long expected = 0;
        for (long i = 1; i <= 1_000_000; i++) {
          long old = swap(pattern, at, other, i);
          if (old != expected) {
            throw new AssertionError(
                "pattern "
                    + pattern
                    + " iteration "
                    + i
                    + ": read "
                    + old
                    + ", stored "
                    + expected);
          }
          expected = i;
        }
      }
    }
  }

  /** Fence, load, store; load, fence, store; write-back elsewhere, load, store. */
  private static long swap(int pattern, long at, long other, long v) {
    long old;
    switch (pattern) {
      case 0 -> {
        Pmem.pfence();
        old = Pmem.getLong(at);
        Pmem.putLong(at, v);
      }
      case 1 -> {
        old = Pmem.getLong(at);
        Pmem.pfence();
        Pmem.putLong(at, v);
      }
      default -> {
        Pmem.pwb(other);
        old = Pmem.getLong(at);
        Pmem.putLong(at, v);
      }
    }
    Pmem.pwb(at);
    Pmem.psync();
    return old;
  }

  @Test
  void writeBackOfAnUnmappedAddressIsRefused() {
    long heapless = 64; // never mapped by any heap
    IllegalStateException e = assertThrows(IllegalStateException.class, () -> Pmem.pwb(heapless));
    assertTrue(e.getMessage().contains("outside every live heap mapping"), e.getMessage());
  }

  /** A JDK of {@code feature} version installed beside the running one, or null. */
  static Path siblingJdk(int feature) throws IOException {
    Path dir = Path.of(System.getProperty("java.home")).toRealPath().getParent();
    try (var homes = Files.list(dir)) {
      for (Path home : (Iterable<Path>) homes::iterator) {
        Path release = home.resolve("release");
        if (Files.isExecutable(javaOf(home.toString()))
            && Files.isReadable(release)
            && Files.readString(release).contains("JAVA_VERSION=\"" + feature + ".")) {
          return home;
        }
      }
    }
    return null;
  }

  private static Path javaOf(String home) {
    return Path.of(home, "bin", "java");
  }

  private static String child(Path java, List<String> jvmArgs)
      throws IOException, InterruptedException {
    try (TestHeaps t = new TestHeaps()) {
      List<String> cmd = new ArrayList<>(List.of(java.toString()));
      cmd.addAll(jvmArgs);
      cmd.addAll(
          List.of(
              "-cp",
              System.getProperty("java.class.path"),
              Probe.class.getName(),
              t.path("probe").toString()));
      Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
      String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      assertTrue(p.waitFor(60, TimeUnit.SECONDS));
      return out;
    }
  }
}

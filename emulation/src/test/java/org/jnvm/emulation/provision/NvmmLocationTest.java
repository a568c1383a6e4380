package org.jnvm.emulation.provision;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.jnvm.core.heap.Heap;
import org.jnvm.core.heap.HeapAccessException;
import org.jnvm.core.heap.TestHeaps;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class NvmmLocationTest {
  @TempDir Path tmp;

  private final Map<String, String> props = new HashMap<>();
  private final Map<String, String> env = new HashMap<>();
  private final List<String> warnings = new ArrayList<>();
  private String mountText = "/dev/vda / ext4 rw,relatime 0 0";
  private Path shm;

  @BeforeEach
  void fakeShmAndTmpdir() throws IOException {
    shm = dir("shm");
    props.put("java.io.tmpdir", tmp.toString());
  }

  private LocationResolver resolver() {
    return new LocationResolver(
        props::get, env::get, shm, () -> MountTable.parse(mountText), warnings::add);
  }

  private Path dir(String name) throws IOException {
    return Files.createDirectories(tmp.resolve(name)).toRealPath();
  }

  @Test
  void anExplicitPathWinsOverEverything() throws IOException {
    props.put(LocationResolver.PROPERTY, dir("prop").toString());
    env.put(LocationResolver.ENV, dir("env").toString());
    NvmmLocation loc = resolver().resolve(dir("explicit"));
    assertEquals(tmp.resolve("explicit").toRealPath(), loc.dir());
    assertEquals("explicit path", loc.source());
  }

  @Test
  void thePropertyWinsOverTheEnvironment() throws IOException {
    props.put(LocationResolver.PROPERTY, dir("prop").toString());
    env.put(LocationResolver.ENV, dir("env").toString());
    NvmmLocation loc = resolver().resolve(null);
    assertEquals(dir("prop"), loc.dir());
    assertEquals("system property jnvm.heap.dir", loc.source());
  }

  @Test
  void theEnvironmentWinsOverTheDefault() throws IOException {
    props.put(LocationResolver.PROPERTY, "  ");
    env.put(LocationResolver.ENV, dir("env").toString());
    assertEquals(dir("env"), resolver().resolve(null).dir());
  }

  @Test
  void theDefaultIsTheShmDirectory() {
    NvmmLocation loc = resolver().resolve(null);
    assertEquals(shm, loc.dir());
    assertEquals("default", loc.source());
    assertTrue(warnings.isEmpty(), warnings.toString());
  }

  @Test
  void withoutDevShmTheTemporaryDirectoryIsUsedWithAWarning() {
    shm = tmp.resolve("no-shm-here");
    NvmmLocation loc = resolver().resolve(null);
    assertEquals(tmp.toAbsolutePath(), loc.dir());
    assertTrue(loc.source().contains("is absent"), loc.source());
    assertEquals(1, warnings.size());
    assertTrue(warnings.get(0).contains("java.io.tmpdir=" + tmp), warnings.get(0));
  }

  @Test
  void aMissingDirectoryIsRefusedWithItsPathAndSource() {
    Path missing = tmp.resolve("missing");
    props.put(LocationResolver.PROPERTY, missing.toString());
    NvmmLocationException e =
        assertThrows(NvmmLocationException.class, () -> resolver().resolve(null));
    assertTrue(e.getMessage().contains("does not exist: dir=" + missing), e.getMessage());
    assertTrue(e.getMessage().contains("system property jnvm.heap.dir"), e.getMessage());
    assertTrue(e instanceof HeapAccessException);
  }

  @Test
  void aFileIsNotADirectory() throws IOException {
    Path file = Files.createFile(tmp.resolve("file"));
    NvmmLocationException e =
        assertThrows(NvmmLocationException.class, () -> resolver().resolve(file));
    assertTrue(e.getMessage().contains("not a directory: dir=" + file), e.getMessage());
  }

  @Test
  void aDaxMountAsksForASynchronousMapping() throws IOException {
    Path d = dir("my pmem");
    mountText += "\n/dev/pmem0 " + d.toString().replace(" ", "\\040") + " ext4 rw,dax 0 0";
    NvmmLocation loc = resolver().resolve(d.resolve("."));
    assertTrue(loc.isDax());
    assertTrue(loc.options().syncMapping());
    assertEquals("/dev/pmem0", loc.mount().device());
  }

  @Test
  void aNestedNonDaxMountInsideADaxOneIsNotDax() throws IOException {
    Path outer = dir("outer");
    Path inner = dir("outer/inner");
    mountText += "\n/dev/pmem0 " + outer + " ext4 rw,dax 0 0";
    mountText += "\ntmpfs " + inner + " tmpfs rw 0 0";
    assertFalse(resolver().resolve(inner).options().syncMapping());
    assertTrue(resolver().resolve(outer).options().syncMapping());
  }

  @Test
  void symbolicLinksAreFollowedBeforeLookingUpTheMount() throws IOException {
    Path target = dir("target");
    Path link = Files.createSymbolicLink(tmp.resolve("link"), target);
    mountText += "\n/dev/pmem0 " + target + " ext4 rw,dax 0 0";
    assertTrue(resolver().resolve(link).isDax());
  }

  @Test
  void aReadOnlyMountIsRefusedBeforeCreating() throws IOException {
    Path d = dir("ro");
    mountText += "\n/dev/sdb1 " + d + " ext4 ro,relatime 0 0";
    NvmmLocation loc = resolver().resolve(d);
    NvmmLocationException e =
        assertThrows(NvmmLocationException.class, () -> loc.createHeap("h", 1 << 20));
    assertTrue(e.getMessage().contains("read-only file system: dir=" + d), e.getMessage());
    assertTrue(e.getMessage().contains("options=ro,relatime"), e.getMessage());
    assertFalse(Files.exists(d.resolve("h")));
  }

  @Test
  void aMaximumLargerThanTheFreeSpaceIsAcceptedSinceSpaceIsReservedAsUsed() throws IOException {
    NvmmLocation loc = resolver().resolve(dir("roomy"));
    long size = (loc.usableSpace() + (1L << 40)) & -4096L;
    Assumptions.assumeTrue(org.jnvm.core.pmem.Pmem.mappingProblem(size) == null);
    try (Heap h = loc.createHeap("h", size)) {
      assertEquals(size, h.size());
      assertTrue(h.reservedBytes() < loc.usableSpace(), "reserved " + h.reservedBytes());
    } finally {
      Files.deleteIfExists(loc.heapPath("h"));
    }
  }

  @Test
  void lackOfSpaceIsRefusedWithBothValues() throws IOException {
    NvmmLocation loc = resolver().resolve(dir("full"));
    long size = loc.usableSpace() + (1L << 40);
    NvmmLocationException e =
        assertThrows(NvmmLocationException.class, () -> loc.requireSpace(size));
    assertTrue(e.getMessage().contains("requested=" + size + " available="), e.getMessage());
  }

  @Test
  void heapNamesMustBePlainFileNames() throws IOException {
    NvmmLocation loc = resolver().resolve(dir("names"));
    for (String bad : new String[] {"", ".", "..", "a/b", "../x"}) {
      assertThrows(IllegalArgumentException.class, () -> loc.heapPath(bad), bad);
    }
    assertEquals(loc.dir().resolve("ok"), loc.heapPath("ok"));
  }

  /** The real file system: a heap created through a location opens again and verifies. */
  @Test
  void createsAndReopensAHeapInTheTestDirectory() throws IOException {
    NvmmLocation loc = NvmmLocation.resolve(TestHeaps.dir());
    String name = "jnvm-test-" + ProcessHandle.current().pid() + "-location";
    try {
      try (Heap h = loc.createHeap(name, 1 << 20)) {
        assertEquals(loc.options(), h.options());
      }
      try (Heap h = loc.openOrCreateHeap(name, 1 << 20)) {
        assertTrue(h.verify().ok());
      }
    } finally {
      Files.deleteIfExists(loc.heapPath(name));
    }
  }
}

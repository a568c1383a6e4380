package org.jnvm.emulation.provision;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class MountTableTest {
  private static final String TABLE =
      String.join(
          "\n",
          "/dev/vda / ext4 rw,relatime 0 0",
          "proc /proc proc rw,nosuid,nodev,noexec,relatime 0 0",
          "tmpfs /dev/shm tmpfs rw,nosuid,nodev 0 0",
          "/dev/pmem0 /mnt/pmem ext4 rw,relatime,dax 0 0",
          "/dev/pmem1 /mnt/pmem/inner xfs rw,relatime,dax=never 0 0",
          "/dev/pmem2 /mnt/pmem0 xfs rw,relatime,dax=always 0 0",
          "/dev/pmem3 /mnt/per\\040inode ext4 rw,dax=inode 0 0",
          "/dev/pmem4 /mnt/my\\040pmem\\011x ext4 rw,dax 0 0",
          "/dev/sdb1 /srv ext4 ro,relatime 0 0",
          "");

  private final MountTable table = MountTable.parse(TABLE);

  private Mount mountOf(String path) {
    return table.mountOf(Path.of(path)).orElseThrow();
  }

  @Test
  void parsesEveryWellFormedLine() {
    assertEquals(9, table.mounts().size());
    Mount pmem = table.mounts().get(3);
    assertEquals("/dev/pmem0", pmem.device());
    assertEquals(Path.of("/mnt/pmem"), pmem.mountPoint());
    assertEquals("ext4", pmem.type());
    assertEquals(List.of("rw", "relatime", "dax"), pmem.options());
  }

  @Test
  void daxFlagAndDaxAlwaysAreDax() {
    assertTrue(mountOf("/mnt/pmem/heaps").isDax());
    assertTrue(mountOf("/mnt/pmem0").isDax());
  }

  @Test
  void nonDaxMountsAreNot() {
    assertFalse(mountOf("/dev/shm").isDax());
    assertFalse(mountOf("/home/user").isDax());
    assertFalse(mountOf("/mnt/pmem/inner/x").isDax(), "dax=never");
    assertFalse(mountOf("/mnt/per inode/x").isDax(), "dax=inode is decided per file");
  }

  @Test
  void theLongestMountPointPrefixWins() {
    assertEquals(Path.of("/mnt/pmem/inner"), mountOf("/mnt/pmem/inner/a/b").mountPoint());
    assertEquals(Path.of("/mnt/pmem"), mountOf("/mnt/pmem/innerx").mountPoint());
    assertEquals(Path.of("/mnt/pmem"), mountOf("/mnt/pmem").mountPoint());
    assertEquals(Path.of("/"), mountOf("/mnt").mountPoint());
  }

  @Test
  void prefixesCompareWholeComponents() {
    assertEquals("/dev/pmem2", mountOf("/mnt/pmem0/x").device());
    assertEquals(Path.of("/"), mountOf("/mnt/pmem00").mountPoint());
  }

  @Test
  void octalEscapesAreDecoded() {
    Mount m = mountOf("/mnt/my pmem\tx/heaps");
    assertEquals(Path.of("/mnt/my pmem\tx"), m.mountPoint());
    assertTrue(m.isDax());
    assertEquals("a\\b", MountTable.unescape("a\\134b"));
    assertEquals("a\nb", MountTable.unescape("a\\012b"));
    assertEquals("bad\\09x", MountTable.unescape("bad\\09x"), "not an octal escape: kept");
    assertEquals("end\\04", MountTable.unescape("end\\04"), "truncated escape: kept");
  }

  @Test
  void aLaterMountOnTheSameMountPointHidesTheEarlier() {
    MountTable t =
        MountTable.parse(
            "/dev/pmem0 /mnt/p ext4 rw,dax 0 0\ntmpfs /mnt/p tmpfs rw 0 0\n/dev/vda / ext4 rw 0 0");
    assertEquals("tmpfs", t.mountOf(Path.of("/mnt/p/x")).orElseThrow().type());
    assertFalse(t.mountOf(Path.of("/mnt/p/x")).orElseThrow().isDax());
  }

  @Test
  void readOnlyMountsAreReported() {
    assertTrue(mountOf("/srv/data").isReadOnly());
    assertFalse(mountOf("/mnt/pmem").isReadOnly());
  }

  @Test
  void malformedLinesAndRelativeMountPointsAreSkipped() {
    MountTable t = MountTable.parse("garbage\n\n  \nnone relative tmpfs rw 0 0\na /b c d");
    assertEquals(1, t.mounts().size());
    assertEquals(Path.of("/b"), t.mounts().get(0).mountPoint());
  }

  @Test
  void noMountHoldsAPathWithoutARootEntry() {
    MountTable t = MountTable.parse("/dev/pmem0 /mnt/pmem ext4 rw,dax 0 0");
    assertTrue(t.mountOf(Path.of("/tmp/x")).isEmpty());
  }

  @Test
  void theRealTableParsesWhereThereIsOne() {
    MountTable real = MountTable.read();
    assumeFalse(real.mounts().isEmpty(), "no /proc/mounts: not Linux");
    assertTrue(real.mountOf(Path.of("/")).isPresent(), "every Linux table mounts /");
  }
}

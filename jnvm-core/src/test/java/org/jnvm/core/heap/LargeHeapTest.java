package org.jnvm.core.heap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * A 256 GiB heap (sparse) filled past 8 GiB with objects of 16 KiB to 1 GiB, some of them above 2,
 * 4 and 8 GiB, each named by a small node; everything reopened and checked in a new JVM. Needs
 * about 9 GiB of /dev/shm, so it runs with {@code -Plarge-heaps} only.
 */
@Tag("large")
class LargeHeapTest {
  static final long GIB = 1L << 30;

  /**
   * Offsets, in GiB, that objects must be placed above: {@code -Djnvm.test.large.above=2,4,8} by
   * default; 64 needs 65 GiB of space, more than /dev/shm holds here, so point {@code
   * -Djnvm.test.large.dir} at a disk file system for it (a heap on a page-cached file works the
   * same, only slower).
   */
  static final long[] THRESHOLDS =
      java.util.Arrays.stream(System.getProperty("jnvm.test.large.above", "2,4,8").split(","))
          .mapToLong(g -> Long.parseLong(g.trim()) * GIB)
          .toArray();

  /** Child: reopens the heap, checks every span and node, prints "OK n". */
  public static final class Check {
    public static void main(String[] args) {
      try (Heap h = Heap.open(Path.of(args[0]))) {
        int n = 0;
        for (Node x = h.roots().get("nodes"); x != null; x = x.next(), n++) {
          Span s = x.span();
          if (s.head() != x.value() || s.tail() != x.value()) {
            System.out.println(
                "BAD span of node " + x.value() + " at 0x" + Long.toHexString(s.offset()));
            return;
          }
          System.out.println("span 0x" + Long.toHexString(s.offset()) + " of " + s.payloadSize());
        }
        System.out.println("reserved " + h.reservedBytes() + " verify " + h.verify().ok());
        System.out.println("OK " + n);
      }
    }
  }

  @Test
  void objectsAboveTwoFourAndEightGiBSurviveANewJvm() throws Exception {
    try (TestHeaps t = new TestHeaps()) {
      String dir = System.getProperty("jnvm.test.large.dir");
      Path p = dir == null ? t.path("large-256g") : t.track(Path.of(dir, "jnvm-test-large-256g"));
      List<Long> nodeOffsets = new ArrayList<>();
      int made = 0;
      try (Heap h = Heap.create(p, 256 * GIB)) {
        int[] sizes = {16 << 10, 1 << 20, 100 << 20, (int) GIB};
        Node head = null;
        int next = 0;
        for (long threshold : THRESHOLDS) {
          while (true) {
            Node n = new Node(h, ++made);
            Span s = new Span(h, sizes[Math.min(next++, sizes.length - 1)], made);
            n.span(s);
            n.next(head);
            n.persist();
            h.roots().put("nodes", n);
            head = n;
            if (s.offset() > threshold) {
              nodeOffsets.add(s.offset());
              break;
            }
            assertTrue(made < 200, "spans keep landing below " + threshold);
          }
        }
        assertTrue(h.reservedBytes() > 8 * GIB, "reserved " + h.reservedBytes());
      }
      for (int i = 0; i < THRESHOLDS.length; i++) {
        assertTrue(nodeOffsets.get(i) > THRESHOLDS[i], "node above " + THRESHOLDS[i]);
      }
      Process child = ChildJvm.start(Check.class, ChildJvm.gatewayFlags(), p.toString());
      String out = new String(child.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      assertTrue(child.waitFor(300, TimeUnit.SECONDS), out);
      System.out.println(out);
      assertTrue(out.contains("OK " + made), out);
      assertTrue(out.contains("verify true"), out);
      for (long off : nodeOffsets) {
        assertTrue(out.contains("span 0x" + Long.toHexString(off)), out);
      }
      assertEquals(0, child.exitValue(), out);
    }
  }
}

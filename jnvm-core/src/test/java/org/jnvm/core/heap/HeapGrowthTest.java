package org.jnvm.core.heap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.zip.CRC32C;
import org.jnvm.core.pmem.Pmem;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * The size given at creation is a maximum: space is reserved in steps as the allocator needs it,
 * the count is kept across reopening, and the two ways a heap fills up (its maximum, or the file
 * system) are a {@link HeapFullException} after which the heap stays usable.
 */
class HeapGrowthTest {
  static final long MIB = 1 << 20;

  /**
   * Automatic steps are an eighth of what is reserved, from 64 MiB to 256 MiB: an allocation that
   * outruns the grower thread waits for a whole step's zeros, up to 3 s per GiB
   * (Reservation.MAX_STEP).
   */
  @Test
  void automaticStepsStayBetween64And256Mib() {
    assertEquals(64 * MIB, Reservation.automaticStep(0));
    assertEquals(64 * MIB, Reservation.automaticStep(512 * MIB));
    assertEquals(128 * MIB, Reservation.automaticStep(1024 * MIB));
    assertEquals(256 * MIB, Reservation.automaticStep(2048 * MIB));
    assertEquals(256 * MIB, Reservation.automaticStep(5 * 1024 * MIB), "a paper-size heap");
  }

  @Test
  void aLargeMaximumCostsNothingUntilUsed() throws Exception {
    long max = 1L << 40;
    Assumptions.assumeTrue(Pmem.mappingProblem(max) == null, Pmem.mappingDescription());
    try (TestHeaps t = new TestHeaps()) {
      Path p = t.path("tib");
      try (Heap h = Heap.create(p, max)) {
        assertEquals(max, h.size());
        assertEquals(max, Files.size(p));
        assertTrue(h.reservedBytes() < 65 * MIB, "reserved " + h.reservedBytes());
        assertTrue(allocatedBytes(p) <= h.reservedBytes() + MIB, "du " + allocatedBytes(p));
        String info = h.describe();
        assertTrue(info.contains("maximum size    " + max + " bytes"), info);
        assertTrue(info.contains("reserved        " + h.reservedBytes() + " bytes"), info);
        assertTrue(info.contains("used            "), info);
        h.roots().put("n", new Node(h, 42));
      }
      try (Heap h = Heap.open(p)) {
        assertEquals(42, h.roots().<Node>get("n").value());
      }
    }
  }

  @Test
  void growsInStepsAndKeepsWhatItHoldsAcrossReopening() throws Exception {
    try (TestHeaps t = new TestHeaps()) {
      Path p = t.path("grow");
      HeapOptions o = HeapOptions.DEFAULT.withGrowthStep(MIB);
      int steps = 0;
      int reserved;
      int nodes = 0;
      try (Heap h = Heap.create(p, 256 * MIB, o)) {
        int initial = h.reservedChunks();
        assertEquals(16, initial, "1 MiB of 64 KiB chunks");
        Node head = null;
        int last = initial;
        while (h.reservedChunks() < 8 * 16) {
          Node n = new Node(h, nodes);
          n.label(persisted(new Blob(h, "node " + nodes)));
          n.next(head);
          n.persist();
          h.roots().put("list", n);
          head = n;
          nodes++;
          if (h.reservedChunks() != last) {
            steps++;
            assertEquals(last + 16, h.reservedChunks(), "one step at a time");
            last = h.reservedChunks();
          }
        }
        h.roots().put("span", new Span(h, (int) (3 * MIB), 7));
        assertTrue(h.reservedChunks() >= last + 48, "a 3 MiB object grows by at least 48 chunks");
        reserved = h.reservedChunks();
      }
      assertTrue(steps >= 6, "steps " + steps);
      try (Heap h = Heap.open(p, o)) {
        assertEquals(reserved, h.reservedChunks());
        assertTrue(h.verify().ok(), h.verify().toString());
        int seen = 0;
        for (Node n = h.roots().get("list"); n != null; n = n.next()) {
          assertEquals(nodes - 1 - seen, n.value());
          assertEquals("node " + n.value(), n.label().text());
          seen++;
        }
        assertEquals(nodes, seen);
        Span s = h.roots().get("span");
        assertEquals(7, s.head());
        assertEquals(7, s.tail());
      }
    }
  }

  /**
   * Creating a heap and growing it map the chunks they reserve before the allocator hands them out
   * (one read per 64 KiB, {@code Reservation.premap}), so the first stores into them take no page
   * fault each. The heap's mapping then holds at least a page per 64 KiB of every reservation (16
   * pages each where the kernel's fault-around maps them, its default): a new heap has stored into
   * a few pages only, and nodes that fill the first reservation until one more needs a growth store
   * into only a few pages of the next.
   */
  @Test
  void creatingAndGrowingMapTheChunksTheyReserve() throws Exception {
    Assumptions.assumeTrue(Files.isReadable(Path.of("/proc/self/smaps")), "needs Linux smaps");
    long step = 8 * MIB;
    try (TestHeaps t = new TestHeaps();
        Heap h =
            Heap.create(
                t.path("premap"),
                256 * MIB,
                HeapOptions.DEFAULT.withGrowthStep(step).withGrowAhead(false))) {
      long firstKib = h.reservedBytes() / 1024;
      assertResident(h, firstKib / 16, "a new heap of " + firstKib + " KiB");
      int first = h.reservedChunks();
      Node n = null;
      while (h.reservedChunks() == first) n = new Node(h, 2);
      assertResident(
          h,
          firstKib + step / 1024 / 16,
          "a full first reservation of " + firstKib + " KiB and a new step (last node " + n + ")");
    }
  }

  private static void assertResident(Heap h, long wantedKib, String what) throws IOException {
    long kib = residentKib(h.base());
    assertTrue(
        kib >= wantedKib,
        "resident KiB of " + what + ": " + kib + ", wanted at least " + wantedKib);
  }

  /** The resident KiB of the mapping holding {@code address}, from /proc/self/smaps. */
  private static long residentKib(long address) throws IOException {
    boolean inside = false;
    for (String line : Files.readAllLines(Path.of("/proc/self/smaps"))) {
      if (Character.isLetterOrDigit(line.charAt(0)) && line.matches("^[0-9a-f]+-[0-9a-f]+ .*")) {
        String[] range = line.substring(0, line.indexOf(' ')).split("-");
        inside =
            Long.compareUnsigned(Long.parseUnsignedLong(range[0], 16), address) <= 0
                && Long.compareUnsigned(address, Long.parseUnsignedLong(range[1], 16)) < 0;
      } else if (inside && line.startsWith("Rss:")) {
        return Long.parseLong(line.replaceAll("[^0-9]", ""));
      }
    }
    throw new IllegalStateException("no mapping holds address 0x" + Long.toHexString(address));
  }

  /**
   * The claim that leaves less than half a step of free chunks asks the grower thread for a step:
   * the heap grows while the thread that made the claim allocates nothing more, and the growth is
   * durable (it is there on reopening).
   */
  @Test
  void theGrowerThreadGrowsTheHeapAheadOfNeed() throws Exception {
    try (TestHeaps t = new TestHeaps()) {
      Path p = t.path("ahead");
      HeapOptions o = HeapOptions.DEFAULT.withGrowthStep(MIB); // 16 chunks: asks below 8 free
      int grown;
      try (Heap h = Heap.create(p, 256 * MIB, o)) {
        int first = h.reservedChunks();
        // stops at the first node after the claim that crossed the mark: the growth may be done
        while (h.freeChunks() >= 8 && h.reservedChunks() == first) fill(h, "a", 1);
        long deadline = System.nanoTime() + 30_000_000_000L;
        while (h.reservedChunks() == first && System.nanoTime() < deadline) Thread.sleep(1);
        assertEquals(
            first + 16, h.reservedChunks(), "one step, while this thread allocated nothing");
        assertTrue(h.freeChunks() >= 16, "free " + h.freeChunks());
        grown = h.reservedChunks();
      }
      try (Heap h = Heap.open(p, o)) {
        assertEquals(grown, h.reservedChunks());
        assertTrue(h.verify().ok(), h.verify().toString());
      }
    }
  }

  /**
   * A growth ahead that fails (here the file system has room for less than a step) adds nothing,
   * not even one chunk, and stops growing ahead: once there is room again, the heap grows only when
   * an allocation runs out of free chunks, and after that growth ahead resumes.
   */
  @Test
  void aFailedGrowthAheadStopsItUntilAnAllocationGrowsTheHeap() throws Exception {
    try (TestHeaps t = new TestHeaps()) {
      HeapOptions o = HeapOptions.DEFAULT.withGrowthStep(MIB);
      Heap h = t.track(Heap.create(t.path("stops"), 256 * MIB, o));
      int first = h.reservedChunks();
      Reservation.failBeyond = h.reservedBytes() + MIB / 2;
      try {
        while (h.freeChunks() >= 8) fill(h, "s", 1);
        awaitNoGrowthAhead(h);
      } finally {
        Reservation.failBeyond = Long.MAX_VALUE;
      }
      assertEquals(first, h.reservedChunks(), "the failed growth ahead added nothing");
      assertEquals(
          0,
          lowestFreeUntilGrown(h, "s"),
          "stopped: only an allocation that ran out grew the heap");
      int second = h.reservedChunks();
      assertEquals(first + 16, second);
      while (h.freeChunks() >= 8 && h.reservedChunks() == second) fill(h, "s", 1);
      awaitNoGrowthAhead(h);
      assertEquals(second + 16, h.reservedChunks(), "resumed: the grower thread grew it");
      assertTrue(h.verify().ok(), h.verify().toString());
    }
  }

  /**
   * Threads allocating small and large objects and freeing most of them while the heap grows ahead
   * and reclaims empty chunks for large objects: no slot is handed out twice, the free chunk count
   * matches the chunk bitmap (checked by an assertion in {@code freeChunks()}), and the heap
   * verifies and reopens with what was kept.
   */
  @Test
  void threadsAllocateAndFreeWhileTheHeapGrowsAhead() throws Exception {
    try (TestHeaps t = new TestHeaps()) {
      Path p = t.path("stress");
      HeapOptions o = HeapOptions.DEFAULT.withGrowthStep(MIB);
      int threads = 4;
      int kept;
      try (Heap h = Heap.create(p, 512 * MIB, o)) {
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        List<Future<Integer>> done = new ArrayList<>();
        for (int id = 0; id < threads; id++) {
          String root = "s" + id;
          int seed = id;
          done.add(pool.submit(() -> churn(h, root, seed)));
        }
        kept = 0;
        for (Future<Integer> f : done) kept += f.get(120, TimeUnit.SECONDS);
        pool.shutdown();
        assertTrue(h.freeChunks() >= 0, "free " + h.freeChunks());
        assertTrue(h.verify().ok(), h.verify().toString());
      }
      try (Heap h = Heap.open(p, o)) {
        int seen = 0;
        for (int id = 0; id < threads; id++) seen += count(h, "s" + id);
        assertEquals(kept, seen);
        assertTrue(h.verify().ok(), h.verify().toString());
      }
    }
  }

  /** Pushes nodes with labels of 100 B to 200 KB under root {@code name}, freeing 3 in 4. */
  private static int churn(Heap h, String name, int seed) {
    java.util.SplittableRandom r = new java.util.SplittableRandom(seed);
    int kept = 0;
    for (int i = 0; i < 3000; i++) {
      int size = r.nextInt(8) == 0 ? 64_000 + r.nextInt(136_000) : 100 + r.nextInt(900);
      Node n = new Node(h, kept);
      Blob label = persisted(new Blob(h, new byte[size]));
      if (r.nextInt(4) != 0) {
        h.free(label);
        h.free(n);
        continue;
      }
      n.label(label);
      n.next(h.roots().get(name));
      n.persist();
      h.roots().put(name, n);
      kept++;
    }
    return kept;
  }

  /**
   * Fills root {@code name} one node at a time until the heap grows; the fewest free chunks seen.
   */
  private static int lowestFreeUntilGrown(Heap h, String name) {
    int reserved = h.reservedChunks();
    int lowest = h.freeChunks();
    while (h.reservedChunks() == reserved) {
      lowest = Math.min(lowest, h.freeChunks());
      fill(h, name, 1);
    }
    return lowest;
  }

  private static void awaitNoGrowthAhead(Heap h) throws InterruptedException {
    long deadline = System.nanoTime() + 30_000_000_000L;
    while (h.allocator().growingAhead() && System.nanoTime() < deadline) Thread.sleep(1);
    assertTrue(!h.allocator().growingAhead(), "the growth ahead ended");
  }

  /**
   * Without growth ahead, only the allocation that finds no free chunk grows the heap (the pause
   * past the mark would let a grower thread, if the option were ignored, grow it).
   */
  @Test
  void withoutGrowthAheadTheAllocationThatRunsOutGrows() throws Exception {
    try (TestHeaps t = new TestHeaps()) {
      HeapOptions o = HeapOptions.DEFAULT.withGrowthStep(MIB).withGrowAhead(false);
      try (Heap h = Heap.create(t.path("behind"), 256 * MIB, o)) {
        int first = h.reservedChunks();
        while (h.freeChunks() >= 8) fill(h, "b", 1);
        Thread.sleep(300);
        assertEquals(first, h.reservedChunks(), "nothing grew the heap past the mark");
        assertEquals(
            0, lowestFreeUntilGrown(h, "b"), "the heap grew only once no free chunk was left");
        assertEquals(first + 16, h.reservedChunks());
      }
    }
  }

  /**
   * Closing waits for a growth in flight, which stores the new count into the mapping the close
   * unmaps: here the growth is held between its reservation and its publish while another thread
   * closes the heap. The heap reopens with the new count and what it held.
   */
  @Test
  void closingWaitsForAGrowthInFlight() throws Exception {
    try (TestHeaps t = new TestHeaps()) {
      Path p = t.path("closing");
      HeapOptions o = HeapOptions.DEFAULT.withGrowthStep(MIB);
      CountDownLatch held = new CountDownLatch(1);
      CountDownLatch release = new CountDownLatch(1);
      Reservation.beforePublish =
          file -> {
            if (!file.equals(p)) return;
            held.countDown();
            try {
              release.await();
            } catch (InterruptedException e) {
              Thread.currentThread().interrupt();
            }
          };
      int acked;
      int first;
      try {
        Heap h = t.track(Heap.create(p, 256 * MIB, o));
        first = h.reservedChunks();
        while (h.freeChunks() >= 8) fill(h, "c", 1);
        acked = count(h, "c");
        assertTrue(held.await(30, TimeUnit.SECONDS), "the grower thread reached the publish");
        Thread closer = new Thread(h::close, "closer");
        closer.start();
        while (closer.isAlive() && closer.getState() != Thread.State.BLOCKED) Thread.sleep(1);
        // A close that did not wait has unmapped the heap: releasing the growth now would store
        // into the unmapped range and kill the JVM, so the grower thread stays held then (and
        // later growths ahead in this JVM wait behind it).
        assertEquals(Thread.State.BLOCKED, closer.getState(), "close waits for the growth");
        release.countDown();
        closer.join(30_000);
        assertTrue(!closer.isAlive(), "close returned once the growth ended");
      } finally {
        Reservation.beforePublish = file -> {};
      }
      try (Heap h = Heap.open(p, o)) {
        assertEquals(first + 16, h.reservedChunks(), "the growth was published before the close");
        assertTrue(h.verify().ok(), h.verify().toString());
        assertEquals(acked, count(h, "c"));
      }
    }
  }

  @Test
  void atTheMaximumAllocationFailsClearlyAndTheHeapStaysUsable() throws Exception {
    try (TestHeaps t = new TestHeaps()) {
      Path p = t.path("max");
      long max = 4 * MIB;
      HeapOptions o = HeapOptions.DEFAULT.withGrowthStep(256 << 10);
      int acked;
      try (Heap h = Heap.create(p, max, o)) {
        HeapFullException e = assertThrows(HeapFullException.class, () -> fill(h, "m", 1_000_000));
        assertTrue(e.getMessage().contains("maximum size of " + max + " bytes"), e.getMessage());
        assertTrue(e.getMessage().contains("file=" + p), e.getMessage());
        assertEquals(h.chunkCount(), h.reservedChunks());
        acked = count(h, "m");
        stillUsable(h, "m", acked);
      }
      try (Heap h = Heap.open(p, o)) {
        assertTrue(h.verify().ok(), h.verify().toString());
        assertEquals(acked, count(h, "m"));
      }
    }
  }

  @Test
  void aFullFileSystemIsAnExceptionInjectedFailure() throws Exception {
    try (TestHeaps t = new TestHeaps()) {
      Path p = t.path("fsfull");
      HeapOptions o = HeapOptions.DEFAULT.withGrowthStep(MIB);
      int acked;
      try (Heap h = Heap.create(p, 1 << 30, o)) {
        Reservation.failBeyond = h.reservedBytes() + 4 * MIB;
        try {
          HeapFullException e =
              assertThrows(HeapFullException.class, () -> fill(h, "f", 1_000_000));
          String m = e.getMessage();
          assertTrue(m.contains("file system holding the heap is full"), m);
          assertTrue(m.contains("maximum 1073741824") && m.contains("usable space left"), m);
          assertTrue(m.contains("injected") && m.contains("file=" + p), m);
          acked = count(h, "f");
          stillUsable(h, "f", acked);
        } finally {
          Reservation.failBeyond = Long.MAX_VALUE;
        }
        fill(h, "g", 100); // the file system has room again: the heap grows again
      }
      try (Heap h = Heap.open(p, o)) {
        assertTrue(h.verify().ok(), h.verify().toString());
        assertEquals(acked, count(h, "f"));
        assertEquals(100, count(h, "g"));
      }
    }
  }

  @Test
  void aFullFileSystemIsAnExceptionOnASizeLimitedTmpfs() throws Exception {
    Path dir = Files.createTempDirectory("jnvm-test-tmpfs-");
    try {
      Assumptions.assumeTrue(
          exec("mount", "-t", "tmpfs", "-o", "size=24m", "tmpfs", dir.toString()) == 0,
          "cannot mount a 24 MiB tmpfs here (needs root); the injected failure test covers this");
      try {
        Path p = dir.resolve("heap");
        HeapOptions o = HeapOptions.DEFAULT.withGrowthStep(4 * MIB);
        int acked;
        try (Heap h = Heap.create(p, 1 << 30, o)) {
          HeapFullException e =
              assertThrows(HeapFullException.class, () -> fill(h, "t", 1_000_000));
          assertTrue(
              e.getMessage().contains("file system holding the heap is full"), e.getMessage());
          acked = count(h, "t");
          assertTrue(acked > 1000, "most of 24 MiB used: " + acked);
          stillUsable(h, "t", acked);
        }
        try (Heap h = Heap.open(p, o)) {
          assertTrue(h.verify().ok(), h.verify().toString());
          assertEquals(acked, count(h, "t"));
        }
      } finally {
        exec("umount", dir.toString());
      }
    } finally {
      Files.deleteIfExists(dir);
    }
  }

  @Test
  void formatOneHeapsOpenAsReservedWhole() throws Exception {
    try (TestHeaps t = new TestHeaps()) {
      Path p = t.path("v1");
      try (Heap h = Heap.create(p, 2 * MIB)) {
        h.roots().put("n", new Node(h, 5));
      }
      rewriteAsFormatOne(p);
      try (Heap h = Heap.open(p)) {
        assertEquals(h.chunkCount(), h.reservedChunks());
        assertEquals(5, h.roots().<Node>get("n").value());
        assertTrue(h.describe().contains("format          1.0"), h.describe());
        h.roots().put("m", new Node(h, 6));
      }
    }
  }

  @Test
  void aDamagedReservationRecordIsRefusedAndNothingIsWritten() throws Exception {
    try (TestHeaps t = new TestHeaps()) {
      Path p = t.path("badres");
      int chunks;
      try (Heap h = Heap.create(p, 8 * MIB)) {
        chunks = h.chunkCount();
      }
      for (long bad : new long[] {0, chunks + 1L, -1}) {
        poke(p, ReservationLayout.OFFSET, bad);
        byte[] before = Files.readAllBytes(p);
        HeapFormatException e = assertThrows(HeapFormatException.class, () -> Heap.open(p));
        assertTrue(e.getMessage().contains("corrupted reservation record"), e.getMessage());
        assertTrue(e.getMessage().contains(p.toString()), e.getMessage());
        assertTrue(Arrays.equals(before, Files.readAllBytes(p)), "nothing written");
      }
    }
  }

  // ---- helpers -----------------------------------------------------------------------------

  /**
   * Pushes up to {@code n} nodes, each with a 1000-byte label, on the list under root {@code name};
   * a node counts once the root names it.
   */
  static void fill(Heap h, String name, int n) {
    byte[] label = new byte[1000];
    int start = count(h, name);
    for (int i = 0; i < n; i++) {
      Node node = new Node(h, start + i);
      node.label(persisted(new Blob(h, label)));
      node.next(h.roots().get(name));
      node.persist();
      h.roots().put(name, node);
    }
  }

  /** The length of the list under {@code name}, checking each node's value is its position. */
  static int count(Heap h, String name) {
    Node head = h.roots().exists(name) ? h.roots().get(name) : null;
    int n = 0;
    for (Node x = head; x != null; x = x.next()) n++;
    int expect = n - 1;
    for (Node x = head; x != null; x = x.next()) assertEquals(expect--, x.value());
    return n;
  }

  /** Reads, updates in place and frees after a full heap; then allocates from the freed room. */
  static void stillUsable(Heap h, String name, int acked) {
    assertEquals(acked, count(h, name));
    Node head = h.roots().get(name);
    head.tag(77);
    head.persist();
    assertEquals(77, h.roots().<Node>get(name).tag());
    h.roots().put(name, head.next());
    h.free(head.label());
    h.free(head);
    Node again = new Node(h, acked - 1);
    again.label(persisted(new Blob(h, new byte[1000])));
    again.next(h.roots().get(name));
    again.persist();
    h.roots().put(name, again);
    assertEquals(acked, count(h, name));
  }

  static <T extends PObject> T persisted(T o) {
    o.persist();
    return o;
  }

  static void rewriteAsFormatOne(Path p) throws IOException {
    try (FileChannel ch = FileChannel.open(p, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
      ByteBuffer sb = ByteBuffer.allocate(SuperblockLayout.SIZE).order(ByteOrder.LITTLE_ENDIAN);
      ch.read(sb, 0);
      sb.putShort(SuperblockLayout.MAJOR_OFFSET, (short) SuperblockLayout.MAJOR_FIXED);
      sb.putShort(SuperblockLayout.MINOR_OFFSET, (short) 0); // format 1 had only minor 0
      CRC32C crc = new CRC32C();
      crc.update(sb.array(), 0, SuperblockLayout.CHECKSUM_OFFSET);
      sb.putLong(SuperblockLayout.CHECKSUM_OFFSET, crc.getValue());
      ch.write(sb.clear(), 0);
      // format 1 heaps were preallocated whole and had no reservation record
      ch.write(ByteBuffer.allocate(ReservationLayout.SIZE), ReservationLayout.OFFSET);
      ByteBuffer zeros = ByteBuffer.allocate(1 << 16);
      for (long pos = 0; pos < ch.size(); pos += zeros.capacity()) {
        ByteBuffer b = ByteBuffer.allocate(zeros.capacity());
        ch.read(b, pos);
        ch.write(b.flip(), pos); // rewriting every page allocates it, as format 1 did
      }
    }
  }

  static void poke(Path p, long offset, long value) throws IOException {
    try (FileChannel ch = FileChannel.open(p, StandardOpenOption.WRITE)) {
      ch.write(ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putLong(0, value), offset);
    }
  }

  static long allocatedBytes(Path p) throws IOException, InterruptedException {
    Process pr = new ProcessBuilder("du", "-B1", "--", p.toString()).start();
    String out = new String(pr.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
    pr.waitFor();
    return Long.parseLong(out.split("\\s+")[0]);
  }

  static int exec(String... cmd) throws IOException, InterruptedException {
    Process pr = new ProcessBuilder(cmd).redirectErrorStream(true).start();
    pr.getInputStream().readAllBytes();
    return pr.waitFor();
  }
}

package org.jnvm.infinispan.kill;

import static org.testng.Assert.assertEquals;
import static org.testng.Assert.assertNotNull;
import static org.testng.Assert.assertTrue;

import java.nio.file.Path;
import org.infinispan.Cache;
import org.infinispan.manager.EmbeddedCacheManager;
import org.jnvm.emulation.kill.KillHarness;
import org.jnvm.emulation.kill.KillStats;
import org.jnvm.infinispan.Caches;
import org.jnvm.infinispan.StoreMode;
import org.jnvm.infinispan.TestPaths;
import org.testng.annotations.DataProvider;
import org.testng.annotations.Test;

/**
 * SIGKILL with writes in flight: a child JVM runs an embedded cache with the J-NVM store and two
 * writer threads ({@link KillWorkload}) until it is killed at a random moment; after every kill the
 * parent starts a cache on the heap (recovery, index rebuild) and checks that no acknowledged write
 * is lost: every key holds the value of its last acknowledged operation or of a later operation of
 * the same writer, and no value is foreign to its key.
 */
@Test(groups = "unit")
public class KillTest {
  @DataProvider
  public Object[][] modes() {
    return new Object[][] {{StoreMode.JPDT}, {StoreMode.JPFA}};
  }

  @Test(dataProvider = "modes")
  public void noAcknowledgedWriteIsLost(StoreMode mode) throws Exception {
    run(mode, 3, 0x15_9E_ED_01L);
  }

  @Test(dataProvider = "modes", groups = "crash-long")
  public void noAcknowledgedWriteIsLostOverManyKills(StoreMode mode) throws Exception {
    run(mode, 40, 0x15_9E_ED_02L);
  }

  private static void run(StoreMode mode, int rounds, long seed) throws Exception {
    Path heap = TestPaths.heap("kill-" + mode);
    try {
      KillStats stats =
          KillHarness.builder(KillWorkload.class)
              .heap(heap)
              .args(mode.name())
              .jvmArgs("-XX:+UseSerialGC", "-Xmx256m")
              .rounds(rounds)
              .seed(seed)
              .minDelayMillis(50)
              .maxDelayMillis(600)
              .checker((path, lastAck) -> check(path, mode, lastAck))
              .progress(System.out::println)
              .run();
      System.out.println("[kill] " + mode + " " + stats);
      assertEquals(stats.rounds(), rounds);
      assertTrue(stats.minAcksPerRound() >= 1, stats.toString());
      assertTrue(!stats.childBackend().contains("crash-sim"), stats.childBackend());
    } finally {
      TestPaths.delete(heap);
    }
  }

  private static void check(Path heap, StoreMode mode, long lastAck) {
    EmbeddedCacheManager cm = Caches.manager(Caches.config(heap, mode, 64, false));
    try {
      Cache<String, String> c = cm.getCache(Caches.NAME);
      for (int s = 0; s < KillSchedule.SLOTS; s++) {
        long acked = KillSchedule.lastOn(s, lastAck);
        String v = c.get("k" + s);
        if (acked < 0) continue; // never acknowledged: absent or written by an unacked operation
        assertNotNull(v, "slot " + s + " lost its acknowledged operation " + acked);
        long j = KillSchedule.op(v);
        assertTrue(j % KillSchedule.SLOTS == s, "slot " + s + " holds a foreign operation " + j);
        assertTrue(j >= acked, "slot " + s + " went back: holds " + j + ", acknowledged " + acked);
      }
      assertTrue(c.size() <= KillSchedule.SLOTS, "no foreign keys: size " + c.size());
    } finally {
      cm.stop();
    }
  }
}

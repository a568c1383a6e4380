package org.jnvm.ycsb.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.Vector;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.Status;

/**
 * Phases in one JVM share a table: a phase's inserts take keys no earlier phase inserted, when it
 * is given the earlier phase's {@link Phase.Outcome#keys} (workload D after its own warm-up, as
 * {@code bin/jnvm bench --workloads d} runs it).
 */
class PhaseKeysTest {
  private static final long RECORDS = 300;

  @BeforeEach
  void emptyLedger() {
    LedgerDB.clear();
  }

  @Test
  void aPhaseGivenTheKeysOfTheOneBeforeInsertsOnlyNewKeys() throws Exception {
    Phase.Outcome load = Phase.load(LedgerDB.class.getName(), props(RECORDS), 1, n -> {});
    assertEquals(RECORDS, load.keys());
    LedgerDB.inserts.set(0); // from here, the transactions' inserts
    Phase.Outcome warm = Phase.warmUp(LedgerDB.class.getName(), props(load.keys()), 2, 30);
    assertEquals(RECORDS + LedgerDB.inserts.get(), warm.keys(), "the warm-up's inserts counted");
    assertTrue(warm.keys() > RECORDS, "D inserted: " + warm.keys());
    Phase.Outcome run =
        Phase.transactions(LedgerDB.class.getName(), props(warm.keys()), 2, 0, n -> {});
    assertEquals(0, LedgerDB.replaced.get(), "inserts that replaced a record");
    assertEquals(0, LedgerDB.missed.get(), "reads of a key never inserted");
    assertEquals(RECORDS + LedgerDB.inserts.get(), run.keys());
  }

  /** As the bench's warm-ups end: by time, several client threads inserting. */
  @Test
  void aPhaseStoppedByTimeCountsEveryInsertItsThreadsMade() throws Exception {
    Phase.load(LedgerDB.class.getName(), props(RECORDS), 1, n -> {});
    LedgerDB.inserts.set(0);
    Properties p = props(RECORDS);
    p.setProperty("operationcount", "100000000");
    Phase.Outcome warm = Phase.warmUp(LedgerDB.class.getName(), p, 2, 0.2);
    assertTrue(warm.ops() < 100_000_000, "stopped by time: " + warm.ops());
    assertEquals(RECORDS + LedgerDB.inserts.get(), warm.keys());
    Phase.transactions(LedgerDB.class.getName(), props(warm.keys()), 2, 0, n -> {});
    assertEquals(0, LedgerDB.replaced.get(), "inserts that replaced a record");
    assertEquals(0, LedgerDB.missed.get(), "reads of a key never inserted");
  }

  /** YCSB reads a client thread's share of 0 operations as "no limit". */
  @Test
  @Timeout(60)
  void fewerOperationsThanThreadsEnd() throws Exception {
    Phase.load(LedgerDB.class.getName(), props(RECORDS), 1, n -> {});
    Properties p = props(RECORDS);
    p.setProperty("operationcount", "1");
    assertEquals(1, Phase.transactions(LedgerDB.class.getName(), p, 2, 0, n -> {}).ops());
  }

  /** What the runner did before phases passed their keys on: the check above can fail. */
  @Test
  void aPhaseGivenTheLoadedCountAgainReplacesTheWarmUpsRecords() throws Exception {
    Phase.load(LedgerDB.class.getName(), props(RECORDS), 1, n -> {});
    Phase.warmUp(LedgerDB.class.getName(), props(RECORDS), 1, 30);
    Phase.transactions(LedgerDB.class.getName(), props(RECORDS), 1, 0, n -> {});
    assertTrue(LedgerDB.replaced.get() > 0, "replaced: " + LedgerDB.replaced.get());
  }

  private static Properties props(long recordcount) {
    Properties p = Workloads.load("d");
    p.setProperty("recordcount", Long.toString(recordcount));
    p.setProperty("operationcount", "4000");
    p.setProperty("fieldcount", "2");
    p.setProperty("fieldlength", "8");
    p.setProperty("measurementtype", "hdrhistogram");
    return p;
  }

  /** A table that only counts: inserts, inserts over a present key, reads of an absent one. */
  public static final class LedgerDB extends DB {
    private static final Set<String> KEYS = ConcurrentHashMap.newKeySet();
    static final AtomicLong inserts = new AtomicLong();
    static final AtomicLong replaced = new AtomicLong();
    static final AtomicLong missed = new AtomicLong();

    static void clear() {
      KEYS.clear();
      inserts.set(0);
      replaced.set(0);
      missed.set(0);
    }

    @Override
    public Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> r) {
      if (KEYS.contains(key)) return Status.OK;
      missed.incrementAndGet();
      return Status.NOT_FOUND;
    }

    @Override
    public Status insert(String table, String key, Map<String, ByteIterator> values) {
      if (!KEYS.add(key)) replaced.incrementAndGet();
      inserts.incrementAndGet();
      return Status.OK;
    }

    @Override
    public Status update(String table, String key, Map<String, ByteIterator> values) {
      return KEYS.contains(key) ? Status.OK : Status.NOT_FOUND;
    }

    @Override
    public Status delete(String table, String key) {
      return KEYS.remove(key) ? Status.OK : Status.NOT_FOUND;
    }

    @Override
    public Status scan(
        String table,
        String startkey,
        int recordcount,
        Set<String> fields,
        Vector<HashMap<String, ByteIterator>> result) {
      return Status.NOT_IMPLEMENTED;
    }
  }
}

package org.jnvm.bench.jpdt;

import java.util.concurrent.TimeUnit;
import org.jnvm.bench.support.Gateway;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

/**
 * J-PDT's maps against their java.util twins: get, update (replace the record of a present key) and
 * remove then reinsert a present key (the map keeps its size), on keys picked at random with the
 * same sequence on both sides.
 *
 * <p>Both sides own their keys and records: J-PDT copies a key and a record into the heap on put
 * and returns a volatile copy on get and on what put and remove return; the twin stores a copy of
 * the key and a clone of the record on put (a map receiving them keeps its own; see {@link
 * TwinBase} for {@code -p sharedKeys=true}, where the twin's keys are the probes themselves). The
 * {@code twin*Fenced} baselines add to the twin's update one durable 8-byte store (store,
 * write-back, fence) per fence of the J-PDT operation (see docs/jpdt.md): replace 2, remove 1,
 * insert 2. The {@code twin*Durable} baselines instead persist what the J-PDT operation must
 * persist: the new record's 1 KB (16 lines written back, one fence) and the 8-byte publication
 * stores; the difference to J-PDT is then its own software (allocation, free, index, entry
 * bookkeeping).
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 5, time = 2)
@Measurement(iterations = 5, time = 2)
// 1M records of 1 KB live on the twin's side, and every operation allocates a 1 KB copy: a fixed,
// pre-touched heap keeps the kernel zeroing fresh pages out of the scores (without it, get grows
// from 1.1 to 4.8 us/op within a fork, until a GC recycles touched regions).
@Fork(
    value = 2,
    jvmArgsAppend = {
      Gateway.ADD_OPENS,
      Gateway.MISC_TO_ALL,
      Gateway.ADD_EXPORTS,
      Gateway.MISC_TO_ALL,
      "-Xms4g",
      "-Xmx4g",
      "-XX:+AlwaysPreTouch"
    })
public class MapBench {
  static final int REPLACE_FENCES = 2;
  static final int REMOVE_INSERT_FENCES = 1 + 2;

  @Benchmark
  public void get(PersistentMap s, Blackhole bh) {
    bh.consume(s.map.get(s.nextKey()));
  }

  @Benchmark
  public void twinGet(TwinMap s, Blackhole bh) {
    bh.consume(s.map.get(s.nextKey()));
  }

  /**
   * The twin's get plus a copy of the record: the work of a J-PDT get, which returns a volatile
   * copy; {@link #twinGet} returns a reference and never reads the record.
   */
  @Benchmark
  public void twinGetCopy(TwinMap s, Blackhole bh) {
    bh.consume(s.map.get(s.nextKey()).clone());
  }

  @Benchmark
  public void update(PersistentMap s, Blackhole bh) {
    bh.consume(s.map.put(s.nextKey(), s.nextRecord()));
  }

  /**
   * The update through {@code set}, J-PDT's put without the old value: the replaced record is freed
   * without being copied out (the twin's put hands its old array over at no cost).
   */
  @Benchmark
  public void updateSet(PersistentMap s, Blackhole bh) {
    bh.consume(MapKind.set(s.map, s.nextKey(), s.nextRecord()));
  }

  @Benchmark
  public void twinUpdate(TwinMap s, Blackhole bh) {
    bh.consume(s.map.put(s.nextKey(), s.nextRecord().clone()));
  }

  @Benchmark
  public void twinUpdateFenced(TwinMap s, Blackhole bh) {
    bh.consume(s.map.put(s.nextKey(), s.nextRecord().clone()));
    s.durableStores(REPLACE_FENCES);
  }

  /**
   * The twin's update plus persisting what J-PDT's replace persists: the new record's lines behind
   * one fence, then the swap (one durable store).
   */
  @Benchmark
  public void twinUpdateDurable(TwinMap s, Blackhole bh) {
    byte[] r = s.nextRecord();
    bh.consume(s.map.put(s.nextKey(), r.clone()));
    s.durableRecord(r);
    s.durableStores(REPLACE_FENCES - 1);
  }

  @Benchmark
  public void removeInsert(PersistentMap s, Blackhole bh) {
    String k = s.nextKey();
    bh.consume(s.map.remove(k));
    bh.consume(s.map.put(k, s.nextRecord()));
  }

  @Benchmark
  public void twinRemoveInsert(TwinMap s, Blackhole bh) {
    String k = s.nextKey();
    bh.consume(s.map.remove(k));
    bh.consume(s.map.put(s.ownKey(k), s.nextRecord().clone()));
  }

  @Benchmark
  public void twinRemoveInsertFenced(TwinMap s, Blackhole bh) {
    String k = s.nextKey();
    bh.consume(s.map.remove(k));
    bh.consume(s.map.put(s.ownKey(k), s.nextRecord().clone()));
    s.durableStores(REMOVE_INSERT_FENCES);
  }

  /**
   * The twin's remove and insert plus what J-PDT persists for them: the unlink (one durable store),
   * the new record's lines behind one fence, then the publication (one durable store).
   */
  @Benchmark
  public void twinRemoveInsertDurable(TwinMap s, Blackhole bh) {
    String k = s.nextKey();
    bh.consume(s.map.remove(k));
    byte[] r = s.nextRecord();
    bh.consume(s.map.put(s.ownKey(k), r.clone()));
    s.durableRecord(r);
    s.durableStores(REMOVE_INSERT_FENCES - 1);
  }
}

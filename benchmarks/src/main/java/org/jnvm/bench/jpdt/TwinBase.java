package org.jnvm.bench.jpdt;

import java.util.Map;
import org.jnvm.bench.support.BenchHeap;
import org.jnvm.bench.support.Gateway;
import org.jnvm.bench.support.LineBlock;
import org.jnvm.core.pmem.Pmem;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * The java.util twin of a J-PDT map, holding the same entries, and one persistent line: the fenced
 * baselines add to a twin update the durable stores the J-PDT update makes.
 *
 * <p>Keys: the J-PDT map stores its own copy of each key (a {@code PString}) and a lookup compares
 * the probe with it. By default the twin also holds its own copies ({@link #ownKey}), as a map fed
 * by a network or a deserializer does, so that its lookups compare contents too. With {@code -p
 * sharedKeys=true} the twin's keys are the probe objects themselves: {@code equals} succeeds on
 * identity and never reads the key, an advantage no persistent map can have (its keys are not the
 * caller's objects); that run shows the gap a workload reusing its key objects would see.
 */
@State(Scope.Thread)
public abstract class TwinBase extends Workload {
  BenchHeap lineHeap;
  long line;
  long stores;
  Map<String, byte[]> map;

  /** True: the twin's keys are the probes themselves; false: its own copies (see above). */
  @Param("false")
  public boolean sharedKeys;

  abstract MapKind kind();

  @Setup(Level.Trial)
  public void build() {
    Gateway.requireHardwareBackend();
    makeWorkload();
    map = fillTwin(kind(), sharedKeys);
    lineHeap = BenchHeap.create("jpdt-line", 4 << 20);
    LineBlock block = new LineBlock(lineHeap.heap());
    block.persist();
    lineHeap.heap().roots().put("line", block);
    line = block.lineAddress(0);
  }

  /** The key the twin stores for {@code k}: {@code k}, or a copy with its own chars. */
  String ownKey(String k) {
    return sharedKeys ? k : copyOf(k);
  }

  /**
   * Makes a copy of {@code record} durable the way the J-PDT update must make its new record
   * durable: copy it into persistent lines (after the first, which {@link #durableStores} uses),
   * write every line back, fence. Together with the durable stores, this is the twin update plus
   * the persistence work a durable update cannot avoid, without J-PDT's allocation and index work.
   */
  void durableRecord(byte[] record) {
    long at = line + Pmem.LINE;
    Pmem.write(record, 0, at, record.length);
    Pmem.pwb(at, record.length);
    Pmem.pfence();
  }

  /** {@code n} times: store 8 bytes in the line, write it back, fence (one durable store each). */
  void durableStores(int n) {
    for (int i = 0; i < n; i++) {
      Pmem.putLong(line, stores++);
      Pmem.pwb(line);
      Pmem.pfence();
    }
  }

  @TearDown(Level.Trial)
  public void close() {
    map = null;
    if (lineHeap != null) lineHeap.close();
  }
}

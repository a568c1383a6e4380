package org.jnvm.bench.gateway;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import org.jnvm.bench.support.LineBlock;
import org.jnvm.core.pmem.Pmem;
import org.junit.jupiter.api.Test;

/** The benchmark methods do what their names claim (run once, outside JMH). */
class GatewayBenchTest {
  private final GatewayBench bench = new GatewayBench();

  @Test
  void javaSideStoresOneLineThenSixtyFour() {
    LineState s = new LineState();
    s.openHeap();
    try {
      s.value = 5;
      bench.line1Java(s);
      assertEquals(5, Pmem.getLong(s.line0));
      bench.lines64Java(s);
      for (int i = 0; i < LineBlock.LINES; i++) {
        assertEquals(6, Pmem.getLong(s.line0 + (long) i * Pmem.LINE), "line " + i);
      }
      assertEquals(7, s.value);
    } finally {
      s.closeHeap();
    }
  }

  @Test
  void cSideStoresTheSameLines() {
    assumeTrue(NativeFlush.available(), () -> "JNI baseline not built: " + NativeFlush.problem());
    NativeLineState s = new NativeLineState();
    s.flush = "clflushopt";
    s.openHeap();
    try {
      s.pickInstruction();
      s.value = 5;
      bench.line1C(s);
      assertEquals(5, Pmem.getLong(s.line0));
      bench.lines64C(s);
      assertEquals(6, Pmem.getLong(s.line0 + (LineBlock.LINES - 1L) * Pmem.LINE));
      bench.line1CLoop(s);
      assertEquals(7 + GatewayBench.LOOP - 1, Pmem.getLong(s.line0));
      assertEquals(7 + GatewayBench.LOOP, s.value);
    } finally {
      s.closeHeap();
    }
  }
}

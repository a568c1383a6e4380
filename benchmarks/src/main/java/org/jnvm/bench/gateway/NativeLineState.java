package org.jnvm.bench.gateway;

import org.jnvm.bench.support.CpuInfo;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;

/**
 * {@link LineState} for the C side, which also picks its write-back instruction. bench.sh passes
 * the one the JVM emits; an instruction this CPU lacks is replaced by the best it has (said on
 * stdout), and a missing JNI library fails the setup, so the C benchmarks report themselves
 * unavailable while the Java ones still run.
 */
public class NativeLineState extends LineState {
  @Param({"clflushopt", "clwb"})
  public String flush;

  /** The instruction code passed to C. */
  int kind;

  @Setup(Level.Trial)
  public void pickInstruction() {
    Flush wanted = Flush.named(flush);
    Flush f = FlushChoice.runnable(wanted, CpuInfo.read().flags());
    if (f == null) {
      throw new IllegalStateException("C baseline: /proc/cpuinfo lists no write-back instruction");
    }
    if (f != wanted) {
      System.out.println(
          "[bench] " + wanted.flag() + " is not available on this CPU: C uses " + f.flag());
    }
    NativeFlush.require(f);
    kind = f.code;
  }
}

package org.jnvm.emulation.latency;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.jnvm.core.pmem.PmemBackend;
import org.junit.jupiter.api.Test;

/** Forwarding, without timing: the wrapped backend sees every call, in order. */
class LatencyBackendTest {
  /** Records what reaches the "hardware". */
  private static final class Recorder implements PmemBackend {
    final List<String> calls = new ArrayList<>();
    final boolean tracks;

    Recorder(boolean tracks) {
      this.tracks = tracks;
    }

    @Override
    public String name() {
      return "recorder";
    }

    @Override
    public void pwb(long address) {
      calls.add("pwb " + address);
    }

    @Override
    public void pfence() {
      calls.add("pfence");
    }

    @Override
    public void psync() {
      calls.add("psync");
    }

    @Override
    public boolean tracksStores() {
      return tracks;
    }

    @Override
    public void stored(long address, long length) {
      calls.add("stored " + address + " " + length);
    }
  }

  private static final LatencyModel FREE = new LatencyModel("free", 0, 0);

  @Test
  void everyCallReachesTheWrappedBackend() {
    Recorder hw = new Recorder(true);
    LatencyBackend b = new LatencyBackend(hw, FREE);
    b.stored(128, 8);
    b.pwb(128);
    b.pwb(192);
    b.pfence();
    b.psync();
    assertEquals(List.of("stored 128 8", "pwb 128", "pwb 192", "pfence", "psync"), hw.calls);
  }

  @Test
  void storeTrackingIsTheWrappedBackendsChoice() {
    assertTrue(new LatencyBackend(new Recorder(true), FREE).tracksStores());
    assertFalse(new LatencyBackend(new Recorder(false), FREE).tracksStores());
  }

  @Test
  void itNamesItselfAndExposesWhatItWraps() {
    Recorder hw = new Recorder(false);
    LatencyBackend b = new LatencyBackend(hw, LatencyModel.OPTANE_6);
    assertEquals("latency", b.name());
    assertSame(hw, b.hardware());
    assertSame(LatencyModel.OPTANE_6, b.model());
  }
}

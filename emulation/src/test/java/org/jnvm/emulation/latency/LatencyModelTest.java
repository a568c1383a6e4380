package org.jnvm.emulation.latency;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class LatencyModelTest {
  private final Map<String, String> props = new HashMap<>();

  private LatencyModel model() {
    return LatencyModel.from(props::get);
  }

  @Test
  void presetsFollowFromTheBandwidthsTheyCite() {
    assertEquals(Math.round(64 / 2.3), LatencyModel.OPTANE_1.pwbNanos());
    assertEquals(Math.round(64 / 13.9), LatencyModel.OPTANE_6.pwbNanos());
    assertEquals(90, LatencyModel.OPTANE_1.fenceNanos());
    assertEquals(LatencyModel.OPTANE_1.fenceNanos(), LatencyModel.OPTANE_6.fenceNanos());
  }

  @Test
  void theDefaultIsOneDimm() {
    assertEquals(LatencyModel.OPTANE_1, model());
  }

  @Test
  void aPresetIsSelectedByName() {
    props.put(LatencyModel.PRESET_PROPERTY, " Optane-6 ");
    assertEquals(LatencyModel.OPTANE_6, model());
  }

  @Test
  void explicitCostsReplaceThePresetsOneByOne() {
    props.put(LatencyModel.PRESET_PROPERTY, "optane-6");
    props.put(LatencyModel.FENCE_PROPERTY, "2000");
    assertEquals(new LatencyModel("optane-6+custom", 5, 2000), model());
    props.put(LatencyModel.PWB_PROPERTY, "0");
    assertEquals(new LatencyModel("optane-6+custom", 0, 2000), model());
  }

  @Test
  void anUnknownPresetNamesTheKnownOnes() {
    props.put(LatencyModel.PRESET_PROPERTY, "optane-3");
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, this::model);
    assertTrue(e.getMessage().contains("jnvm.latency.preset=optane-3"), e.getMessage());
    assertTrue(e.getMessage().contains("optane-1, optane-6"), e.getMessage());
  }

  @Test
  void badCostsAreRefusedWithTheirValue() {
    for (String bad : new String[] {"-1", "fast", "1.5"}) {
      props.put(LatencyModel.PWB_PROPERTY, bad);
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class, this::model);
      assertTrue(e.getMessage().contains("jnvm.latency.pwbNanos=" + bad), e.getMessage());
    }
  }

  @Test
  void describeGivesBothCosts() {
    assertEquals("optane-1: pwb +28 ns/line, fence +90 ns", LatencyModel.OPTANE_1.describe());
  }
}

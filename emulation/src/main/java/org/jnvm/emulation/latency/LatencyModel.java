package org.jnvm.emulation.latency;

import java.util.Locale;
import java.util.function.Function;

/**
 * The costs the latency backend adds, in nanoseconds: {@code pwbNanos} per cache line written back
 * and {@code fenceNanos} per fence. Both are additions to what the machine's own write-back and
 * fence already cost (see {@code docs/emulation.md}).
 *
 * <p>The presets come from published Optane DC PMM measurements on Cascade Lake (Izraelevitz et
 * al., "Basic Performance Measurements of the Intel Optane DC Persistent Memory Module", arXiv
 * 1903.05714, 2019; Yang et al., "An Empirical Guide to the Behavior and Use of Scalable Persistent
 * Memory", FAST'20):
 *
 * <ol>
 *   <li>Write bandwidth: about 2.3 GB/s for one DIMM, 13.9 GB/s for six interleaved DIMMs. A line
 *       written back occupies the medium for {@code 64 B / bandwidth}: 64 / 2.3 = 27.8 ns, rounded
 *       to 28 ns (one DIMM); 64 / 13.9 = 4.6 ns, rounded to 5 ns (six DIMMs). This is the best
 *       case, lines that the DIMM merges into whole 256-byte XPLines; scattered 64-byte lines cost
 *       up to 4x more (Yang et al.), which {@code jnvm.latency.pwbNanos} can express.
 *   <li>Fence: a write is durable once the memory controller's write pending queue accepts it (ADR,
 *       as Yang et al. describe), so the idle latency of a persisted write on Optane is close to
 *       DRAM's: under 100 ns in Izraelevitz et al.'s latency figure. The fence adds 90 ns, the
 *       order of that latency, whatever the number of DIMMs (interleaving multiplies bandwidth, it
 *       does not shorten a round trip).
 * </ol>
 *
 * Adding the full Optane cost on top of the machine's own makes the emulation pessimistic by the
 * DRAM cost: a result that is good under it is good on Optane.
 *
 * @param name the preset, with {@code +custom} appended when an explicit value replaces one of its
 *     costs
 */
public record LatencyModel(String name, long pwbNanos, long fenceNanos) {
  /** Selects a preset: {@code optane-1} (the default) or {@code optane-6}. */
  public static final String PRESET_PROPERTY = "jnvm.latency.preset";

  /** Overrides the preset's per-line write-back cost, in ns. */
  public static final String PWB_PROPERTY = "jnvm.latency.pwbNanos";

  /** Overrides the preset's fence cost, in ns. */
  public static final String FENCE_PROPERTY = "jnvm.latency.fenceNanos";

  /** One Optane DC PMM, not interleaved: 64 B / 2.3 GB/s per line, 90 ns per fence. */
  public static final LatencyModel OPTANE_1 = new LatencyModel("optane-1", 28, 90);

  /** Six interleaved Optane DC PMMs: 64 B / 13.9 GB/s per line, 90 ns per fence. */
  public static final LatencyModel OPTANE_6 = new LatencyModel("optane-6", 5, 90);

  public LatencyModel {
    if (pwbNanos < 0 || fenceNanos < 0) {
      throw new IllegalArgumentException(
          "latency costs must be >= 0: pwbNanos=" + pwbNanos + " fenceNanos=" + fenceNanos);
    }
  }

  /** The model the system properties describe. */
  public static LatencyModel fromSystemProperties() {
    return from(System::getProperty);
  }

  /**
   * The model described by {@code properties}: the preset (default {@code optane-1}), with each
   * cost replaced by its explicit property when that is set.
   */
  public static LatencyModel from(Function<String, String> properties) {
    LatencyModel preset = preset(properties.apply(PRESET_PROPERTY));
    String pwb = properties.apply(PWB_PROPERTY);
    String fence = properties.apply(FENCE_PROPERTY);
    if (isBlank(pwb) && isBlank(fence)) return preset;
    return new LatencyModel(
        preset.name + "+custom",
        isBlank(pwb) ? preset.pwbNanos : nanos(PWB_PROPERTY, pwb),
        isBlank(fence) ? preset.fenceNanos : nanos(FENCE_PROPERTY, fence));
  }

  /** The preset named {@code name} ({@code optane-1} when null or blank). */
  public static LatencyModel preset(String name) {
    if (isBlank(name)) return OPTANE_1;
    switch (name.trim().toLowerCase(Locale.ROOT)) {
      case "optane-1":
        return OPTANE_1;
      case "optane-6":
        return OPTANE_6;
      default:
        throw new IllegalArgumentException(
            "unknown latency preset: "
                + PRESET_PROPERTY
                + "="
                + name
                + " known=[optane-1, optane-6]");
    }
  }

  /** One line for logs, e.g. {@code optane-1: pwb +28 ns/line, fence +90 ns}. */
  public String describe() {
    return name + ": pwb +" + pwbNanos + " ns/line, fence +" + fenceNanos + " ns";
  }

  private static long nanos(String property, String value) {
    try {
      long v = Long.parseLong(value.trim());
      if (v >= 0) return v;
    } catch (NumberFormatException e) {
      // reported below with the property and the value
    }
    throw new IllegalArgumentException(
        "latency cost must be a whole number of ns >= 0: " + property + "=" + value);
  }

  private static boolean isBlank(String s) {
    return s == null || s.isBlank();
  }
}

package org.jnvm.emulation.latency;

import org.jnvm.core.pmem.PmemBackend;
import org.jnvm.core.pmem.PmemBackendProvider;

/**
 * {@code -Djnvm.backend=latency}: the backend auto-selection picked, slowed down to a modelled
 * medium. The model comes from {@code -Djnvm.latency.preset}, {@code -Djnvm.latency.pwbNanos} and
 * {@code -Djnvm.latency.fenceNanos} (see {@link LatencyModel}) and is logged in one line next to
 * the gateway's own, unless {@code -Djnvm.log=false}.
 */
public final class LatencyProvider implements PmemBackendProvider {
  public static final String NAME = "latency";

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public PmemBackend create(PmemBackend hardware) {
    LatencyModel model = LatencyModel.fromSystemProperties();
    if (!"false".equals(System.getProperty("jnvm.log"))) {
      System.err.println("[jnvm] latency model: " + model.describe() + ", over " + hardware.name());
    }
    return new LatencyBackend(hardware, model);
  }
}

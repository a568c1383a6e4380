package org.jnvm.emulation.crash;

import org.jnvm.core.pmem.PmemBackend;
import org.jnvm.core.pmem.PmemBackendProvider;

/** {@code -Djnvm.backend=crash-sim}: the crash simulator as the gateway's backend. */
public final class CrashSimProvider implements PmemBackendProvider {
  public static final String NAME = "crash-sim";

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public PmemBackend create(PmemBackend hardware) {
    return new CrashSimBackend();
  }
}

package org.jnvm.core.pmem;

/**
 * A backend found through {@link java.util.ServiceLoader}. Providers are never chosen implicitly:
 * one is used only when {@code -Djnvm.backend=NAME} (or {@code JNVM_BACKEND}) names it, so an
 * emulation jar on the class path cannot silently replace real flushes.
 */
public interface PmemBackendProvider {

  /** The name selected by {@code -Djnvm.backend}. */
  String name();

  /**
   * Creates the backend.
   *
   * @param hardware the backend auto-selection would have used, for providers that wrap it
   */
  PmemBackend create(PmemBackend hardware);
}

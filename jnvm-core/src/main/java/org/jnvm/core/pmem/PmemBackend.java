package org.jnvm.core.pmem;

/**
 * How write-backs and fences reach the persistence domain. One backend is chosen per JVM when
 * {@link Pmem} initialises; it is held in a static final so the JIT folds the choice away.
 *
 * <p>Emulation backends (crash simulation, latency injection) also see every persistent store when
 * {@link #tracksStores()} is true, and every mapping the gateway registers.
 */
public interface PmemBackend {

  /** A short name for logs and reports, e.g. {@code intrinsics}. */
  String name();

  /** Writes back the cache line holding {@code address} (clwb / clflushopt / msync). */
  void pwb(long address);

  /** Orders the write-backs issued before it against later stores (sfence). */
  void pfence();

  /** Waits until every issued write-back is durable (sfence on x86). */
  void psync();

  /** True if {@link #stored} must be called after every persistent store. */
  default boolean tracksStores() {
    return false;
  }

  /** Called after {@code length} bytes at {@code address} were stored, when tracking. */
  default void stored(long address, long length) {}

  /** Called once a mapping is live, before any persistent access to it. */
  default void mapped(Mapping mapping) {}

  /** Called just before a mapping is unmapped. */
  default void unmapping(Mapping mapping) {}
}

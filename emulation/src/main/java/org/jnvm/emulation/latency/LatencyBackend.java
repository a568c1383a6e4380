package org.jnvm.emulation.latency;

import org.jnvm.core.pmem.Mapping;
import org.jnvm.core.pmem.PmemBackend;

/**
 * The real backend, plus the costs of a slower medium ({@link LatencyModel}). Every call is first
 * forwarded to the wrapped backend, so durability is exactly the real backend's; then time is added
 * by busy-waiting on {@link System#nanoTime} (never sleeping: sleeps are rounded up to tens of
 * microseconds by the scheduler).
 *
 * <p>Where the time is paid: a write-back adds {@code pwbNanos} to this thread's debt, and the next
 * fence (or sync) of the thread waits for the debt plus {@code fenceNanos}, then clears it. That is
 * where hardware pays too: clwb is asynchronous and the fence waits for the lines to drain. It also
 * keeps costs smaller than one clock read (about 25 ns) exact, which a wait per write-back could
 * not. Invariant: after a fence returns, the thread has waited at least {@code fenceNanos} plus
 * {@code pwbNanos} for each of its write-backs since its previous fence.
 *
 * <p>Limits: the debt is per thread, so threads do not contend for the medium's bandwidth as they
 * would on a DIMM (four threads saturate Optane writes); reads are not slowed down.
 */
public final class LatencyBackend implements PmemBackend {
  /** The write-backs of one thread not yet paid for by a fence. */
  private static final class Debt {
    long nanos;
  }

  private final PmemBackend hardware;
  private final LatencyModel model;
  private final ThreadLocal<Debt> debt = ThreadLocal.withInitial(Debt::new);

  public LatencyBackend(PmemBackend hardware, LatencyModel model) {
    this.hardware = hardware;
    this.model = model;
  }

  /** The backend that does the real write-backs and fences. */
  public PmemBackend hardware() {
    return hardware;
  }

  public LatencyModel model() {
    return model;
  }

  @Override
  public String name() {
    return LatencyProvider.NAME;
  }

  @Override
  public void pwb(long address) {
    hardware.pwb(address);
    debt.get().nanos += model.pwbNanos();
  }

  @Override
  public void pfence() {
    hardware.pfence();
    pay();
  }

  @Override
  public void psync() {
    hardware.psync();
    pay();
  }

  @Override
  public boolean tracksStores() {
    return hardware.tracksStores();
  }

  @Override
  public void stored(long address, long length) {
    hardware.stored(address, length);
  }

  @Override
  public void mapped(Mapping mapping) {
    hardware.mapped(mapping);
  }

  @Override
  public void unmapping(Mapping mapping) {
    hardware.unmapping(mapping);
  }

  private void pay() {
    Debt d = debt.get();
    long wait = d.nanos + model.fenceNanos();
    d.nanos = 0;
    spin(wait);
  }

  /** Busy-waits at least {@code nanos}. */
  private static void spin(long nanos) {
    if (nanos <= 0) return;
    long start = System.nanoTime();
    while (System.nanoTime() - start < nanos) {
      Thread.onSpinWait();
    }
  }
}

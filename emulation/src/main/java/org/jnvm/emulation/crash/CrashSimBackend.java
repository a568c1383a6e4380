package org.jnvm.emulation.crash;

import org.jnvm.core.pmem.Mapping;
import org.jnvm.core.pmem.PmemBackend;

/**
 * The gateway backend under crash simulation. Passive (stores, write-backs and fences do nothing
 * beyond the store itself) until a {@link Session} is armed; then every event is forwarded to it.
 * Real write-backs are skipped: durability here is the simulator's media image.
 */
final class CrashSimBackend implements PmemBackend {
  private volatile Session session;

  @Override
  public String name() {
    return CrashSimProvider.NAME;
  }

  @Override
  public boolean tracksStores() {
    return true;
  }

  void arm(Session s) {
    if (session != null) throw new IllegalStateException("a crash session is already armed");
    session = s;
  }

  void disarm() {
    session = null;
  }

  @Override
  public void stored(long address, long length) {
    Session s = session;
    if (s != null) s.stored(address, length);
  }

  @Override
  public void pwb(long address) {
    Session s = session;
    if (s != null) s.pwb(address);
  }

  @Override
  public void pfence() {
    Session s = session;
    if (s != null) s.fence();
  }

  @Override
  public void psync() {
    pfence();
  }

  @Override
  public void mapped(Mapping m) {
    Session s = session;
    if (s != null) s.mapped(m);
  }

  @Override
  public void unmapping(Mapping m) {
    Session s = session;
    if (s != null) s.unmapping(m);
  }
}

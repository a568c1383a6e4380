package org.jnvm.core.pmem;

/**
 * The portable fallback: {@code MappedByteBuffer.force(index, length)} (msync). A {@code pwb} only
 * widens this thread's pending range; the fence forces that range in one call, which keeps the
 * syscall count at one per fence rather than one per line.
 */
final class MsyncBackend implements PmemBackend {
  private static final long PAGE = 4096;

  /** This thread's write-backs not yet forced: one mapping, one byte range. */
  private static final class Pending {
    Mapping mapping;
    long lo = Long.MAX_VALUE;
    long hi = Long.MIN_VALUE;
  }

  private final ThreadLocal<Pending> pending = ThreadLocal.withInitial(Pending::new);

  @Override
  public String name() {
    return "msync";
  }

  @Override
  public void pwb(long address) {
    Pending p = pending.get();
    if (p.mapping == null || !p.mapping.contains(address)) {
      force(p);
      p.mapping = Mappings.require(address, "pwb");
    }
    p.lo = Math.min(p.lo, address & -Pmem.LINE);
    p.hi = Math.max(p.hi, (address & -Pmem.LINE) + Pmem.LINE);
  }

  @Override
  public void pfence() {
    force(pending.get());
  }

  @Override
  public void psync() {
    force(pending.get());
  }

  @Override
  public void unmapping(Mapping m) {
    Pending p = pending.get();
    if (p.mapping == m) force(p);
  }

  private static void force(Pending p) {
    if (p.mapping != null && p.lo < p.hi) {
      long from = ((p.lo - p.mapping.base()) / PAGE) * PAGE;
      long to = Math.min(p.hi - p.mapping.base(), p.mapping.size());
      p.mapping.region().force(from, to - from);
    }
    p.lo = Long.MAX_VALUE;
    p.hi = Long.MIN_VALUE;
    p.mapping = null;
  }
}

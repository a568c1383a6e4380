package org.jnvm.jpfa;

import java.util.function.Supplier;
import org.jnvm.core.heap.BlockSupport;
import org.jnvm.core.heap.Heap;
import org.jnvm.core.heap.PObject;

/**
 * The core's {@link BlockSupport} hook, found through {@link java.util.ServiceLoader}: routes the
 * heap's allocations and frees to the calling thread's block and backs {@code JNVM.fa}. Public only
 * because the service loader needs it.
 */
public final class JpfaBlockSupport implements BlockSupport {
  @Override
  public void allocated(Heap heap, long address) {
    Block.current().allocated(heap, address);
  }

  @Override
  public boolean deferFree(Heap heap, PObject o) {
    return Block.current().deferFree(heap, o);
  }

  @Override
  public boolean inBlock() {
    return Block.everUsed() && Block.current().inBlock();
  }

  @Override
  public void beforeStore(long address, long bytes) {
    if (Block.everUsed()) Block.current().beforeStore(address, bytes);
  }

  @Override
  public boolean join(Heap heap, RollbackParticipant p) {
    return Block.everUsed() && Block.current().join(heap, p);
  }

  @Override
  public void outside(Runnable r) {
    if (Block.everUsed()) Block.current().outside(r);
    else r.run();
  }

  @Override
  public boolean isFresh(Heap heap, long address) {
    return Block.everUsed() && Block.current().isFresh(heap, address);
  }

  @Override
  public void settle(Heap heap) {
    FA.settle(heap);
  }

  @Override
  public <T> T call(Heap heap, Supplier<T> body) {
    return FA.call(heap, body::get);
  }
}

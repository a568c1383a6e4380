package org.jnvm.dso.lib;

import org.jnvm.dso.SharedObject;
import org.jnvm.dso.objects.AtomicLongObject;

/** A shared {@link java.util.concurrent.atomic.AtomicLong}. */
public class AtomicLong extends SharedObject {
  private static final long serialVersionUID = 1L;

  public AtomicLong() {
    this(0);
  }

  public AtomicLong(long initial) {
    super(new AtomicLongObject(initial));
  }

  public long get() {
    return (Long) call("get");
  }

  public void set(long v) {
    call("set", v);
  }

  public long getAndSet(long v) {
    return (Long) call("getAndSet", v);
  }

  public long addAndGet(long d) {
    return (Long) call("addAndGet", d);
  }

  public long getAndAdd(long d) {
    return (Long) call("getAndAdd", d);
  }

  public long incrementAndGet() {
    return addAndGet(1);
  }

  public long decrementAndGet() {
    return addAndGet(-1);
  }

  public long getAndIncrement() {
    return getAndAdd(1);
  }

  public boolean compareAndSet(long expect, long update) {
    return (Boolean) call("compareAndSet", expect, update);
  }
}

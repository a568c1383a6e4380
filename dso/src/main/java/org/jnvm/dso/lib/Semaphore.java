package org.jnvm.dso.lib;

import org.jnvm.dso.SharedObject;
import org.jnvm.dso.objects.SemaphoreObject;

/** A shared, fair {@link java.util.concurrent.Semaphore}. */
public class Semaphore extends SharedObject {
  private static final long serialVersionUID = 1L;

  public Semaphore(int permits) {
    super(new SemaphoreObject(permits));
  }

  public void acquire() {
    acquire(1);
  }

  public void acquire(int n) {
    call("acquire", n);
  }

  public boolean tryAcquire() {
    return tryAcquire(1);
  }

  public boolean tryAcquire(int n) {
    return (Boolean) call("tryAcquire", n);
  }

  public void release() {
    release(1);
  }

  public void release(int n) {
    call("release", n);
  }

  public int availablePermits() {
    return (Integer) call("availablePermits");
  }
}

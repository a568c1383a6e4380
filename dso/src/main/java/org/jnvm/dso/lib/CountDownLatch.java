package org.jnvm.dso.lib;

import org.jnvm.dso.SharedObject;
import org.jnvm.dso.objects.CountDownLatchObject;

/** A shared {@link java.util.concurrent.CountDownLatch}. */
public class CountDownLatch extends SharedObject {
  private static final long serialVersionUID = 1L;

  public CountDownLatch(long count) {
    super(new CountDownLatchObject(count));
  }

  public void await() {
    call("await");
  }

  public void countDown() {
    call("countDown");
  }

  public long getCount() {
    return (Long) call("getCount");
  }
}

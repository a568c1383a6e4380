package org.jnvm.example;

import org.jnvm.core.annotation.Persistent;
import org.jnvm.jpdt.PString;

/** The design brief's example class, as written there; the Maven plugin transforms it. */
@Persistent(fa = "non-private") // every non-private method is failure-atomic
class Simple {
  PString msg;
  int x;
  transient int y; // transient: stays volatile, not persisted

  Simple(int x) {
    this.x = x;
    this.msg = new PString("Hello, NVMM!");
  }

  void inc() {
    x++;
  }
}

package org.jnvm.codegen.corpus;

import org.jnvm.core.annotation.Persistent;
import org.jnvm.jpdt.PString;

/** The design brief's example, verbatim but for the accessors tests call. */
@Persistent(fa = "non-private") // every non-private method is failure-atomic
public class Simple {
  PString msg;
  int x;
  transient int y; // transient: stays volatile, not persisted

  public Simple(int x) {
    this.x = x;
    this.msg = new PString("Hello, NVMM!");
  }

  public void inc() {
    x++;
    y++;
  }

  public int x() {
    return x;
  }

  public int y() {
    return y;
  }

  public String msg() {
    return msg.toString();
  }
}

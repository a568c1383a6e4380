package org.jnvm.codegen.corpus;

import org.jnvm.core.annotation.Persistent;

/** No persistent field at all: an object of zero payload. */
@Persistent
public class Empty {
  transient String note = "volatile";

  public String note() {
    return note;
  }
}

package org.jnvm.core.heap;

import org.jnvm.core.JnvmException;

/** A class whose layout changed since its objects were written: reported, never misread. */
public class LayoutMismatchException extends JnvmException {
  private static final long serialVersionUID = 1L;

  public LayoutMismatchException(String message) {
    super(message);
  }
}

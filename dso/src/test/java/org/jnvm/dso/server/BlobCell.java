package org.jnvm.dso.server;

import java.io.Serializable;

/** A shared type with a large state (tests). */
public final class BlobCell implements Serializable {
  private static final long serialVersionUID = 1L;
  private final byte[] data;

  public BlobCell(int size) {
    data = new byte[size];
  }

  public int touch() {
    return ++data[0];
  }
}

package org.jnvm.codegen;

import org.objectweb.asm.ClassWriter;

/** Writes a class, computing frames from the class graph as it will be, without loading classes. */
final class FrameWriter extends ClassWriter {
  private final Hierarchy h;

  FrameWriter(Hierarchy h) {
    super(COMPUTE_FRAMES);
    this.h = h;
  }

  @Override
  protected String getCommonSuperClass(String a, String b) {
    return h.commonSuperClass(a, b);
  }
}

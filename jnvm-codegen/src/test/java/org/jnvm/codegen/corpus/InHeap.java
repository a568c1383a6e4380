package org.jnvm.codegen.corpus;

import org.jnvm.core.annotation.Persistent;
import org.jnvm.core.heap.Heap;

/** A class whose constructor names its heap (first parameter): allocated there, not by default. */
@Persistent
public class InHeap {
  long value;
  String label;

  public InHeap(Heap heap, long value, String label) {
    this.value = value;
    this.label = label;
  }

  /** Without a heap parameter: the default heap. */
  public InHeap(long value) {
    this.value = value;
  }

  public long value() {
    return value;
  }

  public String label() {
    return label;
  }
}

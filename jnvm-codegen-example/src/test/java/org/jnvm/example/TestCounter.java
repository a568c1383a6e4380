package org.jnvm.example;

import org.jnvm.core.annotation.Persistent;

/** A persistent class of the test sources, transformed by the transform-test goal. */
@Persistent(fa = "all")
class TestCounter {
  long count;
  String label;
  Simple simple; // a persistent class of the main classes

  TestCounter(String label, Simple simple) {
    this.label = label;
    this.simple = simple;
  }

  long inc() {
    count++;
    return count;
  }
}

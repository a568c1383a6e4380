package org.jnvm.core;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** An untransformed @Persistent object used as a persistent one: the error says how to fix it. */
class NotTransformedTest {
  @Test
  void freeingAPlainObjectNamesItsClassAndEveryWayToTransform() {
    NotTransformedException e =
        assertThrows(NotTransformedException.class, () -> JNVM.free(new StringBuilder()));
    String m = e.getMessage();
    assertTrue(m.startsWith("not a persistent object: class=java.lang.StringBuilder ("), m);
    assertTrue(m.contains("jnvm-maven-plugin's goal transform (phase compile"), m);
    assertTrue(m.contains("bin/jnvm codegen"), m);
    assertTrue(m.contains("-javaagent:jnvm-codegen-VERSION-agent.jar=PACKAGE_PREFIX"), m);
  }
}

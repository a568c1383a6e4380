package org.jnvm.dso;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.jnvm.dso.proxy.SubclassProxies;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.util.CheckClassAdapter;

/** Generated subclass proxies: verified bytecode and the classes they refuse (no server). */
class ProxyTest {
  /** A class whose public method cannot be overridden. */
  public static class WithFinal implements java.io.Serializable {
    private static final long serialVersionUID = 1L;

    public final int f() {
      return 1;
    }
  }

  /** No no-argument constructor. */
  public static class NoDefault {
    public NoDefault(int x) {}
  }

  @Test
  void generatedProxyVerifies() {
    byte[] bytes = SubclassProxies.bytecode(GlobalDelta.class);
    StringWriter errors = new StringWriter();
    CheckClassAdapter.verify(
        new ClassReader(bytes), getClass().getClassLoader(), false, new PrintWriter(errors));
    assertEquals("", errors.toString());
  }

  @Test
  void refusesWhatCannotBeProxied() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class, () -> SubclassProxies.bytecode(WithFinal.class));
    assertTrue(
        e.getMessage().contains("f is final") && e.getMessage().contains(WithFinal.class.getName()),
        e.getMessage());
    e =
        assertThrows(
            IllegalArgumentException.class, () -> SubclassProxies.bytecode(NoDefault.class));
    assertTrue(e.getMessage().contains("no no-argument constructor"), e.getMessage());
    e = assertThrows(IllegalArgumentException.class, () -> SubclassProxies.bytecode(String.class));
    assertTrue(e.getMessage().contains("final"), e.getMessage());
  }

  @Test
  void unboundProxyRunsLocally() {
    GlobalDelta p = SubclassProxies.create(GlobalDelta.class, null);
    p.update(2);
    assertEquals(2.0, p.get());
    assertArrayEquals(new double[] {4.0}, p.scaled(new double[] {1}, 2));
  }
}

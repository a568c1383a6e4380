package org.jnvm.jpdt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.jnvm.core.NotTransformedException;
import org.jnvm.core.heap.Heap;
import org.jnvm.core.heap.Node;
import org.jnvm.core.heap.TestHeaps;
import org.jnvm.jpdt.collection.PHashMap;
import org.junit.jupiter.api.Test;

/**
 * {@code PTypes.objects(Class)} compiles for a {@code @Persistent} class as written (which extends
 * {@code PObject} only once transformed), and refuses at run time a class that is not persistent,
 * saying how to make it so. (user-project-it compiles a user's {@code
 * PTypes.objects(Account.class)} against an untransformed {@code Account}.)
 */
class ObjectsTypeTest {
  /** Stands for a {@code @Persistent} class before the code generator rebased it. */
  static final class NotTransformed {}

  @Test
  void aPersistentClassGivesTheObjectsType() {
    assertSame(PTypes.objects(), PTypes.objects(Node.class));
  }

  @Test
  void aClassThatIsNotPersistentIsRefusedWithTheFix() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> PTypes.objects(NotTransformed.class));
    assertTrue(e.getMessage().contains(NotTransformed.class.getName()), e.getMessage());
    assertTrue(
        e.getMessage().contains("jnvm-maven-plugin's goal transform (phase compile"),
        e.getMessage());
    assertTrue(
        e.getMessage().contains("-javaagent:jnvm-codegen-VERSION-agent.jar="), e.getMessage());
  }

  /**
   * A map of a {@code @Persistent} class (reopened, say) given an object of that class as compiled:
   * the generator's hint, and the map unchanged.
   */
  @Test
  void aPlainObjectPutIntoAContainerIsRefusedWithTheFix() throws Exception {
    try (TestHeaps t = new TestHeaps();
        Heap heap = Heap.create(t.path("objects-plain"), 1 << 20)) {
      @SuppressWarnings("unchecked")
      PType<Object> objects = (PType<Object>) (PType<?>) PTypes.objects();
      PHashMap<String, Object> m = new PHashMap<>(heap, PTypes.strings(), objects);
      NotTransformedException e =
          assertThrows(NotTransformedException.class, () -> m.put("k", new NotTransformed()));
      assertTrue(
          e.getMessage()
              .startsWith("not a persistent object: class=" + NotTransformed.class.getName()),
          e.getMessage());
      assertTrue(e.getMessage().contains("jnvm-maven-plugin's goal transform"), e.getMessage());
      assertEquals(0, m.size());
    }
  }
}

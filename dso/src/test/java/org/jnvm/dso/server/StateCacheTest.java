package org.jnvm.dso.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import org.junit.jupiter.api.Test;

/** The decoded-state cache: identity of the box, take-and-return, the byte budget. */
class StateCacheTest {
  @Test
  void aStateIsReturnedOnlyForTheVeryBoxItCameFrom() {
    StateCache c = new StateCache(1 << 20);
    byte[] box = {1, 2, 3};
    Object state = new Object();
    c.put(true, "k", box, state);
    assertNull(c.take(true, "k", box.clone()), "an equal copy of the box is not the box");
    c.put(true, "k", box, state);
    assertNull(c.take(false, "k", box), "the ephemeral object of the same key is another object");
    assertSame(state, c.take(true, "k", box));
    assertNull(c.take(true, "k", box), "taken: a second run decodes its own");
    assertEquals(1, c.hits());
    assertEquals(3, c.misses());
  }

  @Test
  void leastRecentlyUsedEntriesGoBeyondTheBudget() {
    StateCache c = new StateCache(100);
    byte[] a = new byte[40];
    byte[] b = new byte[40];
    byte[] d = new byte[40];
    c.put(true, "a", a, "A");
    c.put(true, "b", b, "B");
    c.put(true, "d", d, "D"); // 120 bytes > 100: "a" goes
    assertEquals(2, c.size());
    assertNull(c.take(true, "a", a));
    assertEquals("B", c.take(true, "b", b));
    c.put(true, "huge", new byte[101], "H"); // larger than the budget: not kept
    assertNull(c.take(true, "huge", null));
    assertEquals(1, c.size());
  }
}

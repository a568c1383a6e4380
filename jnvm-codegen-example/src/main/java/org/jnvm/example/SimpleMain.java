package org.jnvm.example;

import org.jnvm.core.JNVM;

/**
 * The design brief's example program: {@code SimpleMain HEAP} creates or reopens the heap, bumps
 * the counter of its {@code Simple} and prints what it sees.
 */
public final class SimpleMain {
  private SimpleMain() {}

  public static void main(String[] args) {
    JNVM.init(args[0], 1 << 20); // create or reopen (recovering) a heap
    try {
      if (!JNVM.root.exists("simple")) JNVM.root.put("simple", new Simple(42));
      Simple s = (Simple) JNVM.root.get("simple");
      s.inc(); // durable when it returns
      System.out.println("x=" + s.x + " y=" + s.y + " msg=" + s.msg);
      if (args.length > 1 && args[1].equals("free")) {
        JNVM.root.remove("simple");
        JNVM.free(s); // explicit free; unreachable objects are reclaimed at recovery
      }
    } finally {
      JNVM.close();
    }
  }
}

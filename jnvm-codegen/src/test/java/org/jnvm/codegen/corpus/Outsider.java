package org.jnvm.codegen.corpus;

/** Not persistent: reads and writes the fields of persistent classes directly. */
public final class Outsider {
  private Outsider() {}

  /** {@code k.i += by} from outside the class; returns the new value read back. */
  public static int bump(AllKinds k, int by) {
    k.i += by;
    return k.i;
  }

  public static void rename(AllKinds k, String s) {
    k.text = s;
  }

  /** Walks {@code other} links from {@code k}, counting hops (fields of another class). */
  public static int chain(AllKinds k) {
    int n = 0;
    for (AllKinds a = k.other; a != null && n < 100; a = a.other) n++;
    return n;
  }

  /** Inherited fields through a subclass reference. */
  public static long total(Derived d) {
    return d.base + d.extra + d.tag;
  }
}

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

  /**
   * {@code balance/count/memo/entries} of a book, read field by field from outside (no method of
   * the book runs, so no block is entered: crash checks call this inside the workload's block).
   */
  public static String describe(Book b) {
    StringBuilder s = new StringBuilder();
    s.append(b.balance).append('/').append(b.count).append('/').append(b.memo).append('/');
    String sep = "";
    for (Book.Entry e = b.last; e != null; e = e.next) {
      s.append(sep).append(e.amount); // proxies are not unique: never compare them with ==
      sep = ",";
    }
    return s.toString();
  }
}

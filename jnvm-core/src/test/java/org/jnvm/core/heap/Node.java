package org.jnvm.core.heap;

/**
 * A hand-written low-level persistent class: what the code generator produces, written out.
 *
 * <pre>
 *   payload 0        8        16       24
 *   +--------+--------+--------+--------+
 *   | value  | next   | label  | tag    |
 *   | long   | ref    | ref    | int    |
 *   +--------+--------+--------+--------+
 * </pre>
 */
public final class Node extends PObject {
  static final int VALUE = 0;
  static final int NEXT = 8;
  static final int LABEL = 16;
  static final int TAG = 24;
  static final int SIZE = 32;

  public static final PersistentClass<Node> TYPE =
      PersistentClass.builder(Node.class.getName(), (h, a) -> new Node(h, a, null))
          .fixedSize(SIZE)
          .refs(NEXT, LABEL)
          .layout("value:long@0 next:ref@8 label:ref@16 tag:int@24")
          .build();

  public Node(Heap heap, long value) {
    super(heap, TYPE);
    setLong(VALUE, value);
  }

  private Node(Heap heap, long address, Resurrect r) {
    super(heap, address, r);
  }

  public long value() {
    return getLong(VALUE);
  }

  public void value(long v) {
    setLong(VALUE, v);
  }

  public Node next() {
    return getRef(NEXT);
  }

  /** Links {@code n} durably: it must already be persisted. */
  public void next(Node n) {
    setRef(NEXT, n);
    pwbField(NEXT);
  }

  public Blob label() {
    return getRef(LABEL);
  }

  public void label(Blob b) {
    setRef(LABEL, b);
    pwbField(LABEL);
  }

  /** The label field holding a {@link Span} instead (references are untyped on media). */
  public Span span() {
    return getRef(LABEL);
  }

  public void span(Span s) {
    setRef(LABEL, s);
    pwbField(LABEL);
  }

  public int tag() {
    return getInt(TAG);
  }

  public void tag(int t) {
    setInt(TAG, t);
  }
}

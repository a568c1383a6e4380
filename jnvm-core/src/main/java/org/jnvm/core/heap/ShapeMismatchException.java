package org.jnvm.core.heap;

import java.util.List;

/**
 * A class changed in a way its stored objects cannot follow without a {@link ShapeConversion}:
 * thrown before anything is written, naming every such field as it is in the heap and in the class.
 */
public class ShapeMismatchException extends LayoutMismatchException {
  private static final long serialVersionUID = 1L;

  private final List<String> problems;

  public ShapeMismatchException(String message, List<String> problems) {
    super(message);
    this.problems = List.copyOf(problems);
  }

  /** One line per problem: {@code x: long @0 in the heap, int @0 in the class (...)}. */
  public List<String> problems() {
    return problems;
  }
}

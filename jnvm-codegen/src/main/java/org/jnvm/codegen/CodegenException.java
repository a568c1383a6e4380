package org.jnvm.codegen;

import java.util.List;
import org.jnvm.core.JnvmException;

/**
 * What cannot be transformed, all problems of one run at once: each line names the class (and the
 * field or method) and says what to do instead.
 */
public final class CodegenException extends JnvmException {
  private static final long serialVersionUID = 1L;

  private final List<String> problems;

  public CodegenException(List<String> problems) {
    super(
        "cannot transform " + problems.size() + " problem(s):\n  " + String.join("\n  ", problems));
    this.problems = List.copyOf(problems);
  }

  /** One line per problem. */
  public List<String> problems() {
    return problems;
  }
}

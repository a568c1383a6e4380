package org.jnvm.core.heap;

import java.util.List;

/**
 * The verifier's findings: empty {@link #problems()} means every invariant it checks holds.
 *
 * @param reachable objects reachable from the roots
 * @param problems up to 100 descriptions, each naming the object and the rule broken
 */
public record VerifyReport(long reachable, List<String> problems) {
  public boolean ok() {
    return problems.isEmpty();
  }

  @Override
  public String toString() {
    return ok()
        ? "heap OK: " + reachable + " reachable objects"
        : "heap has " + problems.size() + " problem(s):\n  " + String.join("\n  ", problems);
  }
}

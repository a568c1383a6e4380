package org.jnvm.jpdt.testkit;

import static org.junit.jupiter.api.DynamicContainer.dynamicContainer;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import java.util.Collections;
import java.util.List;
import java.util.stream.Stream;
import junit.framework.Test;
import junit.framework.TestCase;
import junit.framework.TestResult;
import junit.framework.TestSuite;
import org.junit.jupiter.api.DynamicNode;

/**
 * Runs Guava testlib's JUnit 3 suites (MapTestSuiteBuilder and friends) as JUnit 5 dynamic tests,
 * so that the JUnit Platform (and surefire) runs and counts each test, with no vintage engine.
 */
public final class GuavaSuites {
  private GuavaSuites() {}

  /** The suite as a tree of dynamic containers and tests. */
  public static Stream<DynamicNode> of(Test suite) {
    return Stream.of(node(suite));
  }

  /** How many test cases the suite holds (to check that a suite is not empty). */
  public static int count(Test suite) {
    return suite.countTestCases();
  }

  private static DynamicNode node(Test t) {
    if (t instanceof TestSuite s) {
      List<Test> children = Collections.list(s.tests());
      return dynamicContainer(s.getName(), children.stream().map(GuavaSuites::node));
    }
    if (t instanceof TestCase c) return dynamicTest(c.getName(), c::runBare);
    return dynamicTest(t.toString(), () -> runOther(t));
  }

  /** Any other kind of JUnit 3 test: run it and rethrow its first problem. */
  private static void runOther(Test t) throws Throwable {
    TestResult r = new TestResult();
    t.run(r);
    if (r.errorCount() > 0) throw r.errors().nextElement().thrownException();
    if (r.failureCount() > 0) throw r.failures().nextElement().thrownException();
  }
}

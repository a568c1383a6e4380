package org.jnvm.jpdt.collection;

import static org.jnvm.jpdt.PTypes.pstrings;
import static org.jnvm.jpdt.PTypes.strings;

import com.google.common.collect.testing.ListTestSuiteBuilder;
import com.google.common.collect.testing.TestStringListGenerator;
import com.google.common.collect.testing.features.CollectionFeature;
import com.google.common.collect.testing.features.CollectionSize;
import com.google.common.collect.testing.features.Feature;
import com.google.common.collect.testing.features.ListFeature;
import java.util.List;
import java.util.stream.Stream;
import org.jnvm.core.heap.Heap;
import org.jnvm.core.heap.TestHeaps;
import org.jnvm.jpdt.testkit.PStringListGenerator;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.TestFactory;

/** The persistent list against Guava's List contract suite (sub-lists included). */
class ListConformanceTest {
  private static TestHeaps heaps;
  private static Heap heap;

  @BeforeAll
  static void openHeap() {
    heaps = new TestHeaps();
    heap = heaps.create("guava-list", 128 << 20);
  }

  @AfterAll
  static void closeHeap() throws Exception {
    heaps.close();
  }

  private static Feature<?>[] features() {
    return new Feature<?>[] {
      ListFeature.GENERAL_PURPOSE,
      CollectionFeature.FAILS_FAST_ON_CONCURRENT_MODIFICATION,
      CollectionSize.ANY
    };
  }

  @TestFactory
  Stream<DynamicNode> listOfStrings() {
    return HashMapConformanceTest.suite(
        ListTestSuiteBuilder.using(
                new TestStringListGenerator() {
                  @Override
                  protected List<String> create(String[] elements) {
                    PArrayList<String> l = new PArrayList<>(heap, strings());
                    for (String e : elements) l.add(e);
                    return l;
                  }
                })
            .named("PArrayList<String>")
            .withFeatures(features())
            .createTestSuite());
  }

  @TestFactory
  Stream<DynamicNode> listOfPStrings() {
    return HashMapConformanceTest.suite(
        ListTestSuiteBuilder.using(
                new PStringListGenerator(heap, () -> new PArrayList<>(heap, pstrings())))
            .named("PArrayList<PString>")
            .withFeatures(features())
            .createTestSuite());
  }
}

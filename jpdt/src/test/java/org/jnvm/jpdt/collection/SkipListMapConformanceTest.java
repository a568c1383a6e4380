package org.jnvm.jpdt.collection;

import static org.jnvm.jpdt.PTypes.pstrings;
import static org.jnvm.jpdt.PTypes.strings;

import com.google.common.collect.testing.ConcurrentNavigableMapTestSuiteBuilder;
import com.google.common.collect.testing.TestStringSortedMapGenerator;
import com.google.common.collect.testing.features.CollectionFeature;
import com.google.common.collect.testing.features.CollectionSize;
import com.google.common.collect.testing.features.Feature;
import com.google.common.collect.testing.features.MapFeature;
import java.util.Map.Entry;
import java.util.SortedMap;
import java.util.stream.Stream;
import org.jnvm.core.heap.Heap;
import org.jnvm.core.heap.TestHeaps;
import org.jnvm.jpdt.testkit.PStringSortedMapGenerator;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.TestFactory;

/**
 * The ordered map against Guava's ConcurrentNavigableMap contract suite (which includes the
 * NavigableMap and ConcurrentMap testers, and derives suites for the sub-, head-, tail- and
 * descending views and the key sets), with String and PString keys.
 */
class SkipListMapConformanceTest {
  private static final int SLOTS = 3;
  private static TestHeaps heaps;
  private static Heap heap;

  @BeforeAll
  static void openHeap() {
    heaps = new TestHeaps();
    heap = heaps.create("guava-ordered", 512 << 20);
  }

  @AfterAll
  static void closeHeap() throws Exception {
    heaps.close();
  }

  private static Feature<?>[] features() {
    return new Feature<?>[] {
      MapFeature.GENERAL_PURPOSE,
      CollectionFeature.SUPPORTS_ITERATOR_REMOVE,
      CollectionFeature.KNOWN_ORDER,
      CollectionSize.ANY
    };
  }

  private static TestStringSortedMapGenerator stringGenerator() {
    return new TestStringSortedMapGenerator() {
      @Override
      protected SortedMap<String, String> create(Entry<String, String>[] entries) {
        PSkipListMap<String, String> m = new PSkipListMap<>(heap, strings(), strings(), SLOTS);
        for (Entry<String, String> e : entries) m.put(e.getKey(), e.getValue());
        return m;
      }
    };
  }

  @TestFactory
  Stream<DynamicNode> concurrentNavigableMapOfStrings() {
    return HashMapConformanceTest.suite(
        ConcurrentNavigableMapTestSuiteBuilder.using(stringGenerator())
            .named("PSkipListMap<String,String>")
            .withFeatures(features())
            .createTestSuite());
  }

  @TestFactory
  Stream<DynamicNode> concurrentNavigableMapOfPStrings() {
    return HashMapConformanceTest.suite(
        ConcurrentNavigableMapTestSuiteBuilder.using(
                new PStringSortedMapGenerator(
                    heap, () -> new PSkipListMap<>(heap, pstrings(), pstrings(), SLOTS)))
            .named("PSkipListMap<PString,PString>")
            .withFeatures(features())
            .createTestSuite());
  }
}

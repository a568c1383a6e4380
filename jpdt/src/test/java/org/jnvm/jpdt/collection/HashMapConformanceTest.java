package org.jnvm.jpdt.collection;

import static org.jnvm.jpdt.PTypes.pstrings;
import static org.jnvm.jpdt.PTypes.strings;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.common.collect.testing.ConcurrentMapTestSuiteBuilder;
import com.google.common.collect.testing.MapTestSuiteBuilder;
import com.google.common.collect.testing.TestStringMapGenerator;
import com.google.common.collect.testing.features.CollectionFeature;
import com.google.common.collect.testing.features.CollectionSize;
import com.google.common.collect.testing.features.Feature;
import com.google.common.collect.testing.features.MapFeature;
import java.util.Map;
import java.util.Map.Entry;
import java.util.function.Supplier;
import java.util.stream.Stream;
import junit.framework.TestSuite;
import org.jnvm.core.heap.Heap;
import org.jnvm.core.heap.TestHeaps;
import org.jnvm.jpdt.PString;
import org.jnvm.jpdt.testkit.GuavaSuites;
import org.jnvm.jpdt.testkit.PStringMapGenerator;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.TestFactory;

/**
 * The hash maps against Guava's java.util contract suites, with copying types (String) and with
 * reference types (PString). Maps use 3-slot segments so that the suites also exercise growth.
 */
class HashMapConformanceTest {
  private static final int SLOTS = 3;
  private static TestHeaps heaps;
  private static Heap heap;

  @BeforeAll
  static void openHeap() {
    heaps = new TestHeaps();
    heap = heaps.create("guava-hash", 256 << 20);
  }

  @AfterAll
  static void closeHeap() throws Exception {
    heaps.close();
  }

  @TestFactory
  Stream<DynamicNode> hashMapOfStrings() {
    return map("PHashMap<String,String>", () -> new PHashMap<>(heap, strings(), strings(), SLOTS));
  }

  @TestFactory
  Stream<DynamicNode> hashMapOfPStrings() {
    return pmap(
        "PHashMap<PString,PString>", () -> new PHashMap<>(heap, pstrings(), pstrings(), SLOTS));
  }

  @TestFactory
  Stream<DynamicNode> concurrentHashMapOfStrings() {
    return suite(
        ConcurrentMapTestSuiteBuilder.using(
                stringGenerator(() -> new PConcurrentHashMap<>(heap, strings(), strings(), SLOTS)))
            .named("PConcurrentHashMap<String,String>")
            .withFeatures(features())
            .createTestSuite());
  }

  @TestFactory
  Stream<DynamicNode> concurrentHashMapOfPStrings() {
    return suite(
        ConcurrentMapTestSuiteBuilder.using(
                new PStringMapGenerator(
                    heap, () -> new PConcurrentHashMap<>(heap, pstrings(), pstrings(), SLOTS)))
            .named("PConcurrentHashMap<PString,PString>")
            .withFeatures(features())
            .createTestSuite());
  }

  private static Stream<DynamicNode> map(String name, Supplier<Map<String, String>> empty) {
    return suite(
        MapTestSuiteBuilder.using(stringGenerator(empty))
            .named(name)
            .withFeatures(features())
            .createTestSuite());
  }

  private static Stream<DynamicNode> pmap(String name, Supplier<Map<PString, PString>> empty) {
    return suite(
        MapTestSuiteBuilder.using(new PStringMapGenerator(heap, empty))
            .named(name)
            .withFeatures(features())
            .createTestSuite());
  }

  /** Put, remove, iterator remove, any size; no nulls (refused, as by ConcurrentHashMap). */
  static Feature<?>[] features() {
    return new Feature<?>[] {
      MapFeature.GENERAL_PURPOSE, CollectionFeature.SUPPORTS_ITERATOR_REMOVE, CollectionSize.ANY
    };
  }

  static TestStringMapGenerator stringGenerator(Supplier<? extends Map<String, String>> empty) {
    return new TestStringMapGenerator() {
      @Override
      protected Map<String, String> create(Entry<String, String>[] entries) {
        Map<String, String> m = empty.get();
        for (Entry<String, String> e : entries) m.put(e.getKey(), e.getValue());
        return m;
      }
    };
  }

  static Stream<DynamicNode> suite(TestSuite s) {
    assertTrue(GuavaSuites.count(s) > 100, "suspiciously small suite: " + s.getName());
    return GuavaSuites.of(s);
  }
}

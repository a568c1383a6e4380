package org.jnvm.codegen;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Running the generator again changes nothing; running it on the same input gives the same bytes.
 */
class IdempotencyTest {

  /** The corpus as it is after one run: transformed classes, and the others as compiled. */
  private static Map<String, byte[]> afterOneRun() {
    Map<String, byte[]> out = new LinkedHashMap<>();
    for (String name : Corpus.ORIGINAL.keySet()) out.put(name, Corpus.bytes(name));
    return out;
  }

  @Test
  void secondRunChangesNothing() {
    Transformer.Result again = Corpus.transform(afterOneRun());
    assertTrue(again.changed().isEmpty(), again.changed().keySet().toString());
    assertTrue(again.persistent().isEmpty(), again.persistent().toString());
    assertEquals(Corpus.RESULT.persistent().size(), again.skipped().size(), again.toString());
  }

  @Test
  void sameInputSameBytes() {
    Transformer.Result twice = Corpus.transform(Corpus.ORIGINAL);
    assertEquals(Corpus.RESULT.changed().keySet(), twice.changed().keySet());
    for (String name : twice.changed().keySet()) {
      assertArrayEquals(Corpus.RESULT.changed().get(name), twice.changed().get(name), name);
    }
  }

  /**
   * A class compiled later against already transformed classes (here: Outsider, as compiled, beside
   * the transformed rest) is rewritten from their markers alone, to the same bytes.
   */
  @Test
  void accessesToClassesTransformedEarlierAreRewrittenFromTheirMarkers() {
    Map<String, byte[]> mixed = afterOneRun();
    String outsider = "org.jnvm.codegen.corpus.Outsider";
    mixed.put(outsider, Corpus.ORIGINAL.get(outsider));
    Transformer.Result r = Corpus.transform(mixed);
    assertEquals(List.of(outsider), new ArrayList<>(r.changed().keySet()));
    assertArrayEquals(Corpus.RESULT.changed().get(outsider), r.changed().get(outsider));
  }

  /** A subclass transformed in a later run, against its transformed superclass (another module). */
  @Test
  void subclassOfAClassTransformedEarlierGetsTheSameLayout() {
    Map<String, byte[]> mixed = afterOneRun();
    String derived = "org.jnvm.codegen.corpus.Derived";
    mixed.put(derived, Corpus.ORIGINAL.get(derived));
    Transformer.Result r = Corpus.transform(mixed);
    assertEquals(List.of(derived), r.persistent());
    assertArrayEquals(Corpus.RESULT.changed().get(derived), r.changed().get(derived));
  }
}

package org.jnvm.codegen;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.instrument.ClassFileTransformer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.jnvm.codegen.agent.Agent;
import org.junit.jupiter.api.Test;

/**
 * The agent's transformer, class by class, gives the bytes of the build-time run over the whole
 * corpus (what it reads of the other classes comes, as compiled, from the class loader).
 */
class AgentTest {

  @Test
  void classByClassEqualsTheWholeCodeBase() throws Exception {
    ClassFileTransformer t = Agent.transformer(List.of("org.jnvm.codegen.corpus."));
    ClassLoader loader = getClass().getClassLoader();
    for (Map.Entry<String, byte[]> e : Corpus.ORIGINAL.entrySet()) {
      String internal = e.getKey().replace('.', '/');
      byte[] out = t.transform(loader, internal, null, null, e.getValue());
      byte[] expected = Corpus.RESULT.changed().get(e.getKey());
      if (expected == null) assertNull(out, e.getKey());
      else assertArrayEquals(expected, out, e.getKey());
    }
  }

  @Test
  void classesOutsideThePrefixesAreLeftAlone() throws Exception {
    ClassFileTransformer t = Agent.transformer(List.of("com.acme."));
    String simple = "org.jnvm.codegen.corpus.Simple";
    assertNull(
        t.transform(
            getClass().getClassLoader(),
            simple.replace('.', '/'),
            null,
            null,
            Corpus.ORIGINAL.get(simple)));
  }

  @Test
  void aRefusedClassIsHandedToThePolicyWithTheGeneratorsMessage() throws Exception {
    List<String> refused = new ArrayList<>();
    ClassFileTransformer t = Agent.transformer(List.of("org.jnvm.codegen.corpus."), refused::add);
    String bad = "org.jnvm.codegen.corpus.bad.IntArrayField";
    byte[] out =
        t.transform(
            getClass().getClassLoader(),
            bad.replace('.', '/'),
            null,
            null,
            Corpus.read("org/jnvm/codegen/corpus/bad").get(bad));
    assertNull(out, "nothing to load but the class as compiled");
    assertEquals(1, refused.size(), refused.toString());
    assertTrue(refused.get(0).startsWith("refused " + bad + ": cannot transform"), refused.get(0));
    assertTrue(refused.get(0).contains("field " + bad + ".values: Java arrays"), refused.get(0));
  }
}

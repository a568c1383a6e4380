package org.jnvm.codegen;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.lang.instrument.ClassFileTransformer;
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
}

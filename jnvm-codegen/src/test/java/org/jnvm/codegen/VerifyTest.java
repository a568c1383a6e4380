package org.jnvm.codegen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.util.CheckClassAdapter;

/** Every class the corpus transformation produces passes ASM's verifier. */
class VerifyTest {

  @Test
  void everyGeneratedClassVerifies() {
    Map<String, byte[]> changed = Corpus.RESULT.changed();
    assertEquals(
        Set.of(
            "org.jnvm.codegen.corpus.AllKinds",
            "org.jnvm.codegen.corpus.Book",
            "org.jnvm.codegen.corpus.Book$Entry",
            "org.jnvm.codegen.corpus.Derived",
            "org.jnvm.codegen.corpus.InHeap",
            "org.jnvm.codegen.corpus.Empty",
            "org.jnvm.codegen.corpus.Outsider",
            "org.jnvm.codegen.corpus.Shape",
            "org.jnvm.codegen.corpus.Simple"),
        changed.keySet());
    for (Map.Entry<String, byte[]> e : changed.entrySet()) {
      StringWriter out = new StringWriter();
      CheckClassAdapter.verify(
          new ClassReader(e.getValue()), Corpus.loader(), false, new PrintWriter(out));
      assertTrue(out.toString().isEmpty(), e.getKey() + ":\n" + out);
    }
  }
}

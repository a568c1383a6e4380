package org.jnvm.codegen;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Layout plans: natural alignment, no overlap, inherited fields first, references listed. */
class LayoutTest {
  private static Planner planner() {
    Map<String, ClassFacts> facts = new java.util.LinkedHashMap<>();
    for (byte[] b : Corpus.ORIGINAL.values()) {
      ClassFacts f = ClassFacts.read(b);
      facts.put(f.name(), f);
    }
    Problems p = new Problems();
    Hierarchy h = new Hierarchy(facts, Set.of(), ClassLookup.of(LayoutTest.class.getClassLoader()));
    return new Planner(h, Map.of(), p);
  }

  private static void checkNoOverlapAligned(ClassPlan plan) {
    List<PField> all = new ArrayList<>(plan.inherited());
    all.addAll(plan.own());
    boolean[] used = new boolean[plan.size()];
    for (PField f : all) {
      assertEquals(0, f.offset() % f.kind().size, f.toString());
      for (int i = f.offset(); i < f.offset() + f.kind().size; i++) {
        assertTrue(!used[i], "overlap at " + i + " in " + plan.name());
        used[i] = true;
      }
    }
  }

  @Test
  void allKindsIsPackedBySizeAndAligned() {
    ClassPlan p = planner().plan("org/jnvm/codegen/corpus/AllKinds");
    assertEquals(
        "j:long@0 d:double@8 text:string@16 other:ref@24 p:ref@32 longs:ref@40 i:int@48"
            + " f:float@52 s:short@56 c:char@58 z:boolean@60 b:byte@61",
        p.layout());
    assertEquals(62, p.size());
    assertArrayEquals(new int[] {16, 24, 32, 40}, p.refs());
    checkNoOverlapAligned(p);
  }

  @Test
  void subclassFieldsFollowTheInheritedOnes() {
    Planner planner = planner();
    ClassPlan shape = planner.plan("org/jnvm/codegen/corpus/Shape");
    ClassPlan d = planner.plan("org/jnvm/codegen/corpus/Derived");
    assertEquals("base:long@0 tag:int@8", shape.layout());
    assertEquals(
        "base:long@0 tag:int@8 extra:long@16 weight:double@24 name:string@32 flag:byte@40",
        d.layout());
    assertEquals("org/jnvm/codegen/corpus/Shape", d.superName());
    assertEquals(41, d.size());
    assertArrayEquals(new int[] {32}, d.refs());
    checkNoOverlapAligned(d);
  }

  @Test
  void theShapeNamesEachFieldWithItsJavaTypeUnderItsDeclaringClass() {
    ClassPlan d = planner().plan("org/jnvm/codegen/corpus/Derived");
    assertEquals(
        List.of("org/jnvm/codegen/corpus/Shape", "org/jnvm/codegen/corpus/Derived"), d.chain());
    assertEquals(
        "org.jnvm.codegen.corpus.Shape{base:J@0 tag:I@8} org.jnvm.codegen.corpus.Derived{extra:J@16"
            + " weight:D@24 name:Ljava/lang/String;@32 flag:B@40}",
        d.shape());
  }

  @Test
  void markerRoundTripsTheOwnFields() {
    ClassPlan p = planner().plan("org/jnvm/codegen/corpus/Derived");
    List<PField> back = new ArrayList<>();
    for (String e : p.marker().split("\n")) back.add(PField.decode(p.name(), e));
    for (int i = 0; i < back.size(); i++) {
      assertEquals(p.own().get(i).encode(), back.get(i).encode());
      assertEquals(p.own().get(i).kind(), back.get(i).kind());
    }
  }
}

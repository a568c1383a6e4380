package org.jnvm.codegen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.jnvm.codegen.api.Kinds;
import org.jnvm.codegen.api.Ledger;
import org.jnvm.core.JNVM;
import org.jnvm.core.heap.Heap;
import org.jnvm.core.heap.PObject;
import org.jnvm.core.heap.TestHeaps;
import org.jnvm.core.pmem.Pmem;
import org.jnvm.emulation.crash.CrashCheck;
import org.jnvm.emulation.crash.CrashConfig;
import org.jnvm.emulation.crash.CrashModel;
import org.jnvm.emulation.crash.CrashStats;
import org.jnvm.emulation.crash.CrashTest;
import org.jnvm.emulation.crash.Linearizable;
import org.junit.jupiter.api.Test;

/**
 * Generated classes under the crash simulator (EVICTION: any dirty line may also reach media
 * early). At every fence, every image recovers to the state before or after each acknowledged call,
 * with exactly the objects that state reaches.
 */
class GeneratedCrashTest {

  private static CrashConfig eviction() {
    return CrashConfig.standard(CrashModel.EVICTION);
  }

  /** A book with one posting; the default heap is the crash test's. */
  static void setupBook(Heap h) {
    JNVM.use(h);
    Ledger b = Corpus.create("Book", new Class<?>[] {String.class}, "opened");
    b.post(10, "first");
    h.roots().put("book", (PObject) b);
  }

  static String observeBook(Heap h) {
    Object b = h.roots().get("book");
    return Corpus.call(Corpus.load("Outsider"), "describe", b)
        + " live="
        + h.recoveryReport().liveObjects();
  }

  /** Live objects after recovering what {@code setup} leaves. */
  static long baseline(CrashCheck setup) throws Exception {
    try (TestHeaps t = new TestHeaps()) {
      Path p = t.path("baseline");
      try (Heap h = Heap.create(p, 512 << 10)) {
        setup.accept(h);
      }
      try (Heap h = Heap.open(p)) {
        return h.recoveryReport().liveObjects();
      }
    }
  }

  /**
   * {@code post} is failure-atomic (fa = "non-private"): it updates two longs, a String (a new
   * PString allocated, the old one freed at commit) and a reference to an Entry it allocates. An
   * aborted call leaves nothing either.
   */
  @Test
  void faNonPrivateMethodUpdatingFieldsAndAllocatingIsAllOrNothing() throws Exception {
    long live = baseline(GeneratedCrashTest::setupBook);
    Linearizable<String> h =
        new Linearizable<>("10/1/first/10 live=" + live)
            .then("15/2/second/5,10 live=" + (live + 1))
            .then("15/2/second/5,10 live=" + (live + 1))
            .then("22/3/third/7,5,10 live=" + (live + 2));
    CrashStats s =
        CrashTest.named("codegen: fa=non-private post")
            .config(eviction())
            .setup(GeneratedCrashTest::setupBook)
            .workload(
                heap -> {
                  JNVM.use(heap);
                  Ledger b = heap.roots().get("book");
                  b.post(5, "second");
                  h.ack();
                  assertThrows(IllegalStateException.class, () -> b.postThenFail(100, "never"));
                  h.ack();
                  b.post(7, "third");
                  h.ack();
                })
            .check(heap -> h.check(observeBook(heap)))
            .run();
    assertTrue(s.images() > s.fences(), s.toString());
  }

  static void setupKinds(Heap h) {
    JNVM.use(h);
    Kinds k = Corpus.create("AllKinds", new Class<?>[] {int.class}, 1);
    k.text("one");
    h.roots().put("k", k.self());
  }

  static String observeKinds(Heap h) {
    Kinds k = h.roots().get("k");
    return k.describe() + "/" + k.text() + " live=" + h.recoveryReport().liveObjects();
  }

  /**
   * fa = "none" outside blocks: each primitive store is written back, so one fence makes a batch
   * durable; a String store is durable when it returns and frees the string it replaces only then.
   * Between acknowledgements a crash may show any mix of the primitive fields (not failure-atomic),
   * so the check accepts, for the in-flight step, the states before and after it and the mixes of
   * the seeds' fields, which it recognises field by field.
   */
  @Test
  void faNoneStoresAreDurableAfterTheNextFenceAndStringsWhenTheyReturn() throws Exception {
    long live = baseline(GeneratedCrashTest::setupKinds);
    String one = new org.jnvm.codegen.corpus.AllKinds(1).describe();
    String two = new org.jnvm.codegen.corpus.AllKinds(2).describe();
    Linearizable<String> h =
        new Linearizable<>(one + "/one live=" + live)
            .then(one + "/two live=" + live)
            .then(two + "/two live=" + live)
            .then(two + "/three live=" + live);
    CrashTest.named("codegen: fa=none stores")
        .config(eviction())
        .setup(GeneratedCrashTest::setupKinds)
        .workload(
            heap -> {
              JNVM.use(heap);
              Kinds k = heap.roots().get("k");
              k.text("two");
              h.ack();
              k.fill(2);
              Pmem.pfence();
              h.ack();
              k.text("three");
              h.ack();
            })
        .check(
            heap -> {
              String o = observeKinds(heap);
              if (h.acked() == 1 && mixOf(o, one, two, "/two live=" + live)) return;
              h.check(o);
            })
        .run();
  }

  /**
   * Outside any block: a constructor's object is durable when {@code new} returns, so linking it at
   * once (one reference store, written back by the setter) never publishes a half-written object;
   * the link is durable after the next fence.
   */
  @Test
  void constructedObjectsAreDurableWhenNewReturns() throws Exception {
    long live = baseline(GeneratedCrashTest::setupKinds);
    String five = new org.jnvm.codegen.corpus.AllKinds(5).describe();
    Linearizable<String> h =
        new Linearizable<>("- live=" + live).then(five + "/null live=" + (live + 1));
    CrashTest.named("codegen: constructor then link")
        .config(eviction())
        .setup(GeneratedCrashTest::setupKinds)
        .workload(
            heap -> {
              JNVM.use(heap);
              Kinds k = heap.roots().get("k");
              Kinds n = Corpus.create("AllKinds", new Class<?>[] {int.class}, 5);
              k.link(n); // no fence between the constructor's return and this store
              Pmem.pfence();
              h.ack();
            })
        .check(
            heap -> {
              Kinds n = (Kinds) ((Kinds) heap.roots().get("k")).link();
              long objects = heap.recoveryReport().liveObjects();
              h.check(n == null ? "- live=" + objects : observeKinds(heap, n));
            })
        .run();
  }

  private static String observeKinds(Heap h, Kinds k) {
    return k.describe() + "/" + k.text() + " live=" + h.recoveryReport().liveObjects();
  }

  /** True if {@code o} takes each field from {@code a} or {@code b}, with {@code tail}. */
  private static boolean mixOf(String o, String a, String b, String tail) {
    if (!o.endsWith(tail)) return false;
    String[] got = o.substring(0, o.length() - tail.length()).split(" ");
    String[] x = a.split(" ");
    String[] y = b.split(" ");
    if (got.length != x.length) return false;
    for (int i = 0; i < got.length; i++) {
      if (!got[i].equals(x[i]) && !got[i].equals(y[i])) return false;
    }
    return true;
  }

  @Test
  void mixCheckRecognisesOnlyFieldwiseMixes() {
    assertTrue(mixOf("1 2 3 t", "1 5 3", "4 2 6", " t"));
    assertEquals(false, mixOf("1 7 3 t", "1 5 3", "4 2 6", " t"));
  }
}

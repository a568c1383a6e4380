package org.jnvm.crucial;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import org.jnvm.crucial.apps.KMeans;
import org.jnvm.crucial.apps.KMeansData;
import org.jnvm.crucial.apps.Mandelbrot;
import org.jnvm.crucial.apps.MandelbrotImage;
import org.jnvm.crucial.apps.MonteCarloPi;
import org.jnvm.crucial.apps.SantaClaus;
import org.jnvm.crucial.backend.ThreadBackend;
import org.jnvm.dso.DsoClient;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The sample applications on threads, one embedded node; results checked against local runs. */
class AppsTest {
  private static DsoClient dso;
  private static ServerlessExecutorService se;

  @BeforeAll
  static void start() {
    dso = TestNode.client();
    se = new ServerlessExecutorService(new ThreadBackend(16));
  }

  @AfterAll
  static void stop() throws InterruptedException {
    if (se != null) {
      se.shutdown();
      se.awaitTermination(30, TimeUnit.SECONDS);
    }
  }

  @Test
  void monteCarloPiCountsEveryHitOnce() throws Exception {
    MonteCarloPi.Result r = MonteCarloPi.run(dso, se, "pi-test", 6, 200_000, 7);
    long expected = 0;
    for (int i = 0; i < 6; i++) {
      expected += MonteCarloPi.countInside(200_000, 7 + i);
    }
    assertEquals(expected, r.hits());
    assertEquals(1_200_000, r.points());
    assertEquals(Math.PI, r.pi(), 0.01);
  }

  @Test
  void mandelbrotImageEqualsTheLocalOne() throws Exception {
    int w = 160;
    int h = 120;
    MandelbrotImage img = new Mandelbrot(w, h, 100).compute(dso, se, 5);
    assertEquals(h, img.rowsWritten());
    ByteArrayOutputStream local = new ByteArrayOutputStream();
    for (int row = 0; row < h; row++) {
      local.writeBytes(Mandelbrot.row(row, w, h, 100));
    }
    byte[] px = img.pixels();
    assertArrayEquals(local.toByteArray(), px);
    assertTrue(countOf(px, (byte) 100) > w * h / 10, "too few points inside the set");
  }

  private static int countOf(byte[] b, byte v) {
    int n = 0;
    for (byte x : b) {
      n += x == v ? 1 : 0;
    }
    return n;
  }

  @Test
  void santaClausInvariantsHold() throws Exception {
    SantaClaus.Log log = SantaClaus.run(dso, se, "santa-test", 3, 6, 2);
    assertNull(log.violation(3, 6, 2), () -> "events: " + log.events());
    assertTrue(log.maxElvesInside() >= 1);
  }

  @Test
  void kmeansOnFunctionsEqualsSequentialKMeans() throws Exception {
    KMeansData data = new KMeansData(42, 4, 2, 3000);
    KMeans.Result r = KMeans.run(dso, se, "km-test", data, 3, 40, 0);
    double[] c = data.initialCentroids();
    long it = 0;
    while (it < 40) {
      double[][] partials = new double[3][];
      for (int w = 0; w < 3; w++) {
        partials[w] = data.partial(data.fragment(w), c);
      }
      double[] next = data.combine(partials, c);
      it++;
      boolean same = Arrays.equals(next, c);
      c = next;
      if (same) {
        break;
      }
    }
    assertEquals(0, r.startedAt());
    assertEquals(it, r.iterations());
    assertArrayEquals(c, r.centroids());
    assertTrue(it > 2 && it < 40, "k-means should converge in a few iterations, took " + it);
  }
}

package org.jnvm.infinispan;

import static org.testng.Assert.assertEquals;
import static org.testng.Assert.assertFalse;
import static org.testng.Assert.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.infinispan.Cache;
import org.infinispan.manager.EmbeddedCacheManager;
import org.jnvm.core.heap.ChildJvm;
import org.testng.annotations.DataProvider;
import org.testng.annotations.Test;

/**
 * The store's heap file truncated to 0 by another process while a cache runs on it, in both store
 * modes: the cache JVM survives (no SIGBUS, no hs_err file), the failing operations report an error
 * that names the file, and the store refuses every operation after it.
 */
public class FileChangedTest {

  @DataProvider
  public Object[][] modes() {
    return new Object[][] {{StoreMode.JPDT}, {StoreMode.JPFA}};
  }

  @Test(dataProvider = "modes")
  public void aHeapTruncatedUnderARunningCacheIsAnErrorNotACrash(StoreMode mode) throws Exception {
    Path heap = TestPaths.heap("changed-" + mode);
    Path errors = Files.createTempFile("jnvm-hs-err-", ".log");
    Files.delete(errors);
    List<String> flags = new ArrayList<>(ChildJvm.gatewayFlags());
    flags.add("-XX:ErrorFile=" + errors);
    flags.add("-Xmx256m");
    Process child = ChildJvm.start(Child.class, flags, heap.toString(), mode.name());
    try {
      List<String> out = run(child, heap);
      String all = String.join("\n", out);
      System.out.println("[" + mode + "]\n" + all);
      assertTrue(child.waitFor(300, TimeUnit.SECONDS), all);
      assertFalse(Files.exists(errors), "the JVM crashed:\n" + all);
      assertEquals(child.exitValue(), 0, all);
      assertTrue(all.contains("SURVIVED"), all);
      assertTrue(all.contains("heap file changed under this JVM"), all);
      assertTrue(all.contains("file=" + heap), "the error names the file:\n" + all);
      assertTrue(all.contains("after: refused"), "the store refuses what follows:\n" + all);
    } finally {
      child.destroyForcibly();
      child.waitFor(30, TimeUnit.SECONDS);
      Files.deleteIfExists(errors);
      TestPaths.delete(heap);
    }
  }

  private static List<String> run(Process child, Path heap) throws IOException {
    List<String> out = new ArrayList<>();
    try (BufferedReader r =
            new BufferedReader(
                new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8));
        OutputStream in = child.getOutputStream()) {
      for (String line; (line = r.readLine()) != null; ) {
        out.add(line);
        if (line.equals("READY")) {
          try (FileChannel ch = FileChannel.open(heap, StandardOpenOption.WRITE)) {
            ch.truncate(0);
          }
          in.write("GO\n".getBytes(StandardCharsets.UTF_8));
          in.flush();
        }
      }
    }
    return out;
  }

  /** The cache JVM: writes, says READY, waits for GO (the file is cut), then keeps using it. */
  public static final class Child {
    private static final int KEYS = 3000;

    public static void main(String[] args) throws Exception {
      Path heap = Path.of(args[0]);
      StoreMode mode = StoreMode.valueOf(args[1]);
      watchdog(Thread.currentThread());
      EmbeddedCacheManager cm = Caches.manager(Caches.config(heap, mode, 100, false));
      Cache<String, String> c = cm.getCache(Caches.NAME);
      for (int round = 0; round < 5; round++) { // the paths get compiled
        for (int i = 0; i < KEYS; i++) c.put("k" + i, "v" + round + "-" + i);
      }
      System.out.println("READY");
      new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8)).readLine();
      attempt("put", () -> c.put("new", "x"));
      attempt("get", () -> c.get("k7"));
      attempt("remove", () -> c.remove("k8"));
      attempt("put-many", () -> put(c, 200));
      String after = attempt("after", () -> c.put("later", "y"));
      if (after.contains("heap file changed under this JVM")) System.out.println("after: refused");
      attempt("stop", cm::stop);
      System.out.println("SURVIVED");
    }

    /** A hung child fails the test with its stack instead of hanging it. */
    private static void watchdog(Thread main) {
      Thread w =
          new Thread(
              () -> {
                try {
                  Thread.sleep(240_000);
                } catch (InterruptedException e) {
                  return;
                }
                System.out.println("HUNG at:");
                for (StackTraceElement e : main.getStackTrace()) System.out.println("  " + e);
                System.out.flush();
                Runtime.getRuntime().halt(3);
              });
      w.setDaemon(true);
      w.start();
    }

    private static void put(Cache<String, String> c, int n) {
      for (int i = 0; i < n; i++) c.put("n" + i, "z");
    }

    private interface Op {
      void run() throws Exception;
    }

    /** Runs {@code op}; prints and returns what it threw, with every cause's message. */
    private static String attempt(String what, Op op) {
      try {
        op.run();
        System.out.println(what + ": returned");
        return "";
      } catch (Throwable e) {
        StringBuilder b = new StringBuilder(e.getClass().getName());
        for (Throwable t = e; t != null; t = t.getCause()) b.append(" | ").append(t.getMessage());
        System.out.println(what + ": " + b);
        return b.toString();
      }
    }
  }
}

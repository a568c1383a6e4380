package org.jnvm.crucial.apps;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.jnvm.dso.server.QuietLogs;

/**
 * {@code bin/jnvm crucial APP [OPTIONS]}: runs one sample application and prints its result.
 * Without {@code --servers}, an embedded DSO node serves the run (and is removed afterwards).
 */
public final class CrucialMain {
  static final String USAGE =
      String.join(
          "\n",
          "usage: bin/jnvm crucial APP [OPTIONS]",
          "  APP: pi | mandelbrot | kmeans | santa",
          "common options:",
          "  --servers H:P,H:P   DSO nodes (default: one embedded node, removed at exit)",
          "  --backend B         threads (default) | processes (forked worker JVMs)",
          "  --workers N         functions that can run at once (default 4; santa: 16)",
          "  -v, --verbose       show the libraries' INFO logging (Infinispan, JGroups)",
          "pi:         --tasks N (default workers) --points N per task (10000000) --seed S (1)",
          "mandelbrot: --width W (800) --height H (600) --iterations I (255) --tasks N",
          "            --out FILE.png",
          "kmeans:     --run NAME (kmeans) --points N per worker (20000) --k K (5) --dims D (2)",
          "            --seed S (42) --max-iterations I (40) --pause-ms MS (0); the run's state",
          "            is persistent: run it again with the same --run to resume it",
          "santa:      --rounds R (3) --helps H (2); 6 elves");

  private static final Set<String> COMMON = Set.of("servers", "backend", "workers");

  private CrucialMain() {}

  public static void main(String[] args) throws Exception {
    if (args.length == 0 || args[0].equals("--help") || args[0].equals("help")) {
      System.out.println(USAGE);
      return;
    }
    List<String> rest = new ArrayList<>(List.of(args));
    boolean verbose = rest.remove("-v") | rest.remove("--verbose");
    if (!verbose) QuietLogs.apply();
    try {
      run(rest.toArray(String[]::new));
    } catch (IllegalArgumentException e) {
      System.err.println("crucial: " + e.getMessage());
      System.err.println(USAGE);
      System.exit(64);
    }
    System.exit(0);
  }

  private static void run(String[] args) throws Exception {
    String app = args[0];
    Options o = new Options(args, 1, accepted(app));
    int workers = o.getInt("workers", app.equals("santa") ? 16 : 4);
    if (app.equals("santa") && workers < 16) {
      // Santa, 9 reindeer and 6 elves block on each other: each needs a function of its own.
      throw new IllegalArgumentException(
          "santa runs 16 characters at once: --workers must be >= 16, not " + workers);
    }
    try (AppEnv env = new AppEnv(o.get("servers", null), o.get("backend", "threads"), workers)) {
      switch (app) {
        case "pi" -> pi(env, o);
        case "mandelbrot" -> mandelbrot(env, o);
        case "kmeans" -> kmeans(env, o);
        case "santa" -> santa(env, o);
        default -> throw new IllegalStateException(app);
      }
    }
  }

  private static Set<String> accepted(String app) {
    Set<String> own =
        switch (app) {
          case "pi" -> Set.of("tasks", "points", "seed");
          case "mandelbrot" -> Set.of("width", "height", "iterations", "tasks", "out");
          case "kmeans" ->
              Set.of("run", "points", "k", "dims", "seed", "max-iterations", "pause-ms");
          case "santa" -> Set.of("rounds", "helps");
          default -> throw new IllegalArgumentException("unknown application '" + app + "'");
        };
    java.util.Set<String> all = new java.util.TreeSet<>(own);
    all.addAll(COMMON);
    return all;
  }

  private static void pi(AppEnv env, Options o) throws InterruptedException {
    int tasks = o.getInt("tasks", env.workers);
    long points = o.getLong("points", 10_000_000);
    long t0 = System.nanoTime();
    MonteCarloPi.Result r =
        MonteCarloPi.run(env.dso, env.se, "pi/hits", tasks, points, o.getLong("seed", 1));
    double s = (System.nanoTime() - t0) / 1e9;
    System.out.printf(
        "pi: %.6f from %d of %d points in %d tasks, %.2f s (%.1f Mpoints/s)%n",
        r.pi(), r.hits(), r.points(), tasks, s, r.points() / s / 1e6);
    System.out.println("pi-hits " + r.hits());
  }

  private static void mandelbrot(AppEnv env, Options o) throws Exception {
    int w = o.getInt("width", 800);
    int h = o.getInt("height", 600);
    int it = o.getInt("iterations", 255);
    long t0 = System.nanoTime();
    MandelbrotImage img =
        new Mandelbrot(w, h, it).compute(env.dso, env.se, o.getInt("tasks", env.workers));
    byte[] px = img.pixels();
    double s = (System.nanoTime() - t0) / 1e9;
    System.out.printf("mandelbrot: %dx%d, %d rows written, %.2f s%n", w, h, img.rowsWritten(), s);
    System.out.println("mandelbrot-checksum " + java.util.Arrays.hashCode(px));
    if (o.has("out")) {
      Mandelbrot.writePng(px, w, h, it, Path.of(o.get("out", null)));
      System.out.println("mandelbrot: wrote " + o.get("out", null));
    }
  }

  private static void kmeans(AppEnv env, Options o) throws Exception {
    KMeansData data =
        new KMeansData(
            o.getLong("seed", 42),
            o.getInt("k", 5),
            o.getInt("dims", 2),
            o.getInt("points", 20_000));
    String run = o.get("run", "kmeans");
    long t0 = System.nanoTime();
    KMeans.Result r =
        KMeans.run(
            env.dso,
            env.se,
            run,
            data,
            env.workers,
            o.getInt("max-iterations", 40),
            o.getLong("pause-ms", 0));
    System.out.printf(
        "kmeans: run %s started at iteration %d, stopped after %d iterations, %.2f s%n",
        run, r.startedAt(), r.iterations(), (System.nanoTime() - t0) / 1e9);
    System.out.println("kmeans-started " + r.startedAt());
    System.out.println("kmeans-iterations " + r.iterations());
    System.out.println("kmeans-centroids " + r.exact());
  }

  private static void santa(AppEnv env, Options o) throws InterruptedException {
    int rounds = o.getInt("rounds", 3);
    int elves = 6;
    int helps = o.getInt("helps", 2);
    String run = "santa-" + Long.toHexString(System.nanoTime());
    SantaClaus.Log log = SantaClaus.run(env.dso, env.se, run, rounds, elves, helps);
    String broken = log.violation(rounds, elves, helps);
    log.events().forEach(e -> System.out.println("santa-log " + e));
    System.out.println(broken == null ? "santa: all invariants hold" : "santa: BROKEN " + broken);
    if (broken != null) {
      System.exit(1);
    }
  }
}

package org.jnvm.crucial.apps;

import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.jnvm.dso.server.QuietLogs;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code bin/jnvm crucial APP [OPTIONS]}: runs one sample application and prints its result
 * (picocli: one subcommand per application, generated {@code --help}). Without {@code --servers},
 * an embedded DSO node serves the run (and is removed afterwards).
 */
@Command(
    name = "bin/jnvm crucial",
    description = "Runs a CRUCIAL sample application on DSO and serverless functions.",
    subcommands = {
      CrucialMain.Pi.class,
      CrucialMain.MandelbrotApp.class,
      CrucialMain.KMeansApp.class,
      CrucialMain.Santa.class,
      CommandLine.HelpCommand.class
    },
    mixinStandardHelpOptions = false,
    usageHelpWidth = 100)
public final class CrucialMain implements Runnable {
  /** Exit status of a command line that cannot be run (BSD's EX_USAGE, as the other commands). */
  static final int USAGE = 64;

  @Option(
      names = {"-h", "--help"},
      usageHelp = true,
      description = "this text")
  boolean help;

  private CrucialMain() {}

  public static void main(String[] args) {
    CommandLine cl = new CommandLine(new CrucialMain());
    cl.setParameterExceptionHandler(
        (e, a) -> {
          System.err.println("crucial: " + e.getMessage());
          e.getCommandLine().usage(System.err, CommandLine.Help.Ansi.OFF);
          return USAGE;
        });
    System.exit(cl.execute(args));
  }

  @Override
  public void run() {
    new CommandLine(this).usage(System.out, CommandLine.Help.Ansi.OFF); // no application named
  }

  /** The options every application takes. */
  static final class Common {
    @Option(
        names = "--servers",
        paramLabel = "H:P,H:P",
        description = "DSO nodes (default: one embedded node, removed at exit)")
    String servers;

    @Option(
        names = "--backend",
        paramLabel = "B",
        description = "threads (default) | processes (forked worker JVMs)")
    String backend = "threads";

    @Option(
        names = "--workers",
        paramLabel = "N",
        description = "functions that can run at once (default 4; santa: 16)")
    Integer workers;

    @Option(
        names = {"-v", "--verbose"},
        description = "show the libraries' INFO logging (Infinispan, JGroups)")
    boolean verbose;

    @Option(
        names = {"-h", "--help"},
        usageHelp = true,
        description = "this text")
    boolean help;

    AppEnv env(int defaultWorkers) {
      if (!verbose) QuietLogs.apply();
      return new AppEnv(servers, backend, workers != null ? workers : defaultWorkers);
    }
  }

  @Command(name = "pi", description = "Monte Carlo estimation of pi", usageHelpWidth = 100)
  static final class Pi implements Callable<Integer> {
    @Mixin Common common;

    @Option(names = "--tasks", paramLabel = "N", description = "tasks (default: workers)")
    Integer tasks;

    @Option(names = "--points", paramLabel = "N", description = "points per task (10000000)")
    long points = 10_000_000;

    @Option(names = "--seed", paramLabel = "S", description = "random seed (1)")
    long seed = 1;

    @Override
    public Integer call() throws Exception {
      try (AppEnv env = common.env(4)) {
        int n = tasks != null ? tasks : env.workers;
        long t0 = System.nanoTime();
        MonteCarloPi.Result r = MonteCarloPi.run(env.dso, env.se, "pi/hits", n, points, seed);
        double s = (System.nanoTime() - t0) / 1e9;
        System.out.printf(
            "pi: %.6f from %d of %d points in %d tasks, %.2f s (%.1f Mpoints/s)%n",
            r.pi(), r.hits(), r.points(), n, s, r.points() / s / 1e6);
        System.out.println("pi-hits " + r.hits());
      }
      return 0;
    }
  }

  @Command(
      name = "mandelbrot",
      description = "the Mandelbrot set, rows computed by functions",
      usageHelpWidth = 100)
  static final class MandelbrotApp implements Callable<Integer> {
    @Mixin Common common;

    @Option(names = "--width", paramLabel = "W", description = "pixels (800)")
    int width = 800;

    @Option(names = "--height", paramLabel = "H", description = "pixels (600)")
    int height = 600;

    @Option(names = "--iterations", paramLabel = "I", description = "per pixel (255)")
    int iterations = 255;

    @Option(names = "--tasks", paramLabel = "N", description = "tasks (default: workers)")
    Integer tasks;

    @Option(names = "--out", paramLabel = "FILE.png", description = "write the image")
    Path out;

    @Override
    public Integer call() throws Exception {
      try (AppEnv env = common.env(4)) {
        long t0 = System.nanoTime();
        MandelbrotImage img =
            new Mandelbrot(width, height, iterations)
                .compute(env.dso, env.se, tasks != null ? tasks : env.workers);
        byte[] px = img.pixels();
        double s = (System.nanoTime() - t0) / 1e9;
        System.out.printf(
            "mandelbrot: %dx%d, %d rows written, %.2f s%n", width, height, img.rowsWritten(), s);
        System.out.println("mandelbrot-checksum " + java.util.Arrays.hashCode(px));
        if (out != null) {
          Mandelbrot.writePng(px, width, height, iterations, out);
          System.out.println("mandelbrot: wrote " + out);
        }
      }
      return 0;
    }
  }

  @Command(
      name = "kmeans",
      description =
          "k-means over shared centroids; the run's state is persistent: run it again with the"
              + " same --run to resume it",
      usageHelpWidth = 100)
  static final class KMeansApp implements Callable<Integer> {
    @Mixin Common common;

    @Option(names = "--run", paramLabel = "NAME", description = "run name (kmeans)")
    String run = "kmeans";

    @Option(names = "--points", paramLabel = "N", description = "points per worker (20000)")
    int points = 20_000;

    @Option(names = "--k", paramLabel = "K", description = "clusters (5)")
    int k = 5;

    @Option(names = "--dims", paramLabel = "D", description = "dimensions (2)")
    int dims = 2;

    @Option(names = "--seed", paramLabel = "S", description = "random seed (42)")
    long seed = 42;

    @Option(names = "--max-iterations", paramLabel = "I", description = "(40)")
    int maxIterations = 40;

    @Option(names = "--pause-ms", paramLabel = "MS", description = "pause per iteration (0)")
    long pauseMs;

    @Override
    public Integer call() throws Exception {
      try (AppEnv env = common.env(4)) {
        KMeansData data = new KMeansData(seed, k, dims, points);
        long t0 = System.nanoTime();
        KMeans.Result r =
            KMeans.run(env.dso, env.se, run, data, env.workers, maxIterations, pauseMs);
        System.out.printf(
            "kmeans: run %s started at iteration %d, stopped after %d iterations, %.2f s%n",
            run, r.startedAt(), r.iterations(), (System.nanoTime() - t0) / 1e9);
        System.out.println("kmeans-started " + r.startedAt());
        System.out.println("kmeans-iterations " + r.iterations());
        System.out.println("kmeans-centroids " + r.exact());
      }
      return 0;
    }
  }

  @Command(
      name = "santa",
      description = "the Santa Claus problem: Santa, 9 reindeer, 6 elves",
      usageHelpWidth = 100)
  static final class Santa implements Callable<Integer> {
    @Mixin Common common;

    @Option(names = "--rounds", paramLabel = "R", description = "deliveries (3)")
    int rounds = 3;

    @Option(names = "--helps", paramLabel = "H", description = "elf consultations per round (2)")
    int helps = 2;

    @Override
    public Integer call() throws Exception {
      int workers = common.workers != null ? common.workers : 16;
      if (workers < 16) {
        // Santa, 9 reindeer and 6 elves block on each other: each needs a function of its own.
        System.err.println(
            "crucial: santa runs 16 characters at once: --workers must be >= 16, not " + workers);
        return USAGE;
      }
      try (AppEnv env = common.env(16)) {
        int elves = 6;
        String name = "santa-" + Long.toHexString(System.nanoTime());
        SantaClaus.Log log = SantaClaus.run(env.dso, env.se, name, rounds, elves, helps);
        String broken = log.violation(rounds, elves, helps);
        log.events().forEach(e -> System.out.println("santa-log " + e));
        System.out.println(
            broken == null ? "santa: all invariants hold" : "santa: BROKEN " + broken);
        return broken == null ? 0 : 1;
      }
    }
  }
}

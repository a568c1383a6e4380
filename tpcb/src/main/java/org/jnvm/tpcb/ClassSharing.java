package org.jnvm.tpcb;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * A class data sharing archive (AppCDS) of the bank JVM's classes, so that a restarted bank spends
 * its first second recovering and serving rather than loading and verifying a few thousand
 * Infinispan classes: the restart is what the run measures, and a JVM that has to restart fast is
 * deployed this way. Built once per run, for every backend alike:
 *
 * <ol>
 *   <li>{@code BankChild prime} runs a small bank on each backend with {@code
 *       -XX:DumpLoadedClassList}: the classes a bank JVM loads;
 *   <li>{@code java -Xshare:dump} archives them, with the class path the bank JVMs use.
 * </ol>
 *
 * Any failure (a JDK without CDS, a dump that fails) leaves the bank JVMs without the archive and
 * says why: the run goes on as it would have without it.
 */
final class ClassSharing {
  private static final long STEP_TIMEOUT_SECONDS = 180;

  private ClassSharing() {}

  /**
   * {@link #prepare(List, Path, Path, Consumer, String)} for bank JVMs of this JVM's class path.
   */
  static List<String> prepare(
      List<String> backends, Path work, Path log, Consumer<String> progress) {
    return prepare(backends, work, log, progress, System.getProperty("java.class.path"));
  }

  /**
   * Builds the archive for {@code backends} and bank JVMs of {@code classPath} in {@code work}
   * (created); returns the JVM flags that use it, or no flags if it could not be built ({@code
   * progress} says why). A class path with directories (a build's classes, not its jars) gets no
   * archive: CDS archives classes from jar files only.
   */
  static List<String> prepare(
      List<String> backends, Path work, Path log, Consumer<String> progress, String classPath) {
    String dir = firstDirectory(classPath);
    if (dir != null) {
      progress.accept("class data sharing off: the class path has a directory (" + dir + ")");
      return List.of();
    }
    long start = System.nanoTime();
    Path classes = work.resolve("bank.classlist");
    Path archive = work.resolve("bank.jsa");
    try {
      Files.createDirectories(work);
      Files.createDirectories(log.getParent());
      List<String> prime = ChildJvm.java(List.of("-XX:DumpLoadedClassList=" + classes), classPath);
      prime.add(BankChild.class.getName());
      prime.addAll(
          List.of(
              "prime",
              "--backends",
              String.join(",", backends),
              "--dir",
              work.resolve("banks").toString()));
      String failed = run(prime, log);
      if (failed == null) {
        List<String> dump =
            ChildJvm.java(
                List.of(
                    "-Xshare:dump",
                    "-XX:SharedClassListFile=" + classes,
                    "-XX:SharedArchiveFile=" + archive),
                classPath);
        failed = run(dump, log);
      }
      if (failed == null && !Files.isRegularFile(archive)) failed = "no archive was written";
      if (failed != null) {
        progress.accept("class data sharing off: " + failed + " (log: " + log + ")");
        return List.of();
      }
      progress.accept(
          String.format(
              "class data sharing archive of %,d classes built in %.1f s",
              Files.readAllLines(classes).size(), (System.nanoTime() - start) / 1e9));
      return List.of("-XX:SharedArchiveFile=" + archive);
    } catch (IOException e) {
      progress.accept("class data sharing off: " + e);
      return List.of();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      progress.accept("class data sharing off: interrupted");
      return List.of();
    } finally {
      Dirs.delete(work.resolve("banks"));
    }
  }

  /** Runs {@code cmd}, output appended to {@code log}; null if it exited 0, else why not. */
  private static String run(List<String> cmd, Path log) throws IOException, InterruptedException {
    ProcessBuilder pb = new ProcessBuilder(new ArrayList<>(cmd));
    pb.redirectErrorStream(true);
    pb.redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
    Process p = pb.start();
    if (!p.waitFor(STEP_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
      p.destroyForcibly().waitFor();
      return describe(cmd) + " timed out after " + STEP_TIMEOUT_SECONDS + " s";
    }
    return p.exitValue() == 0 ? null : "exit " + p.exitValue() + " of " + describe(cmd);
  }

  private static String firstDirectory(String classPath) {
    for (String e : classPath.split(File.pathSeparator)) {
      if (!e.isEmpty() && Files.isDirectory(Path.of(e))) return e;
    }
    return null;
  }

  private static String describe(List<String> cmd) {
    return cmd.contains("-Xshare:dump") ? "the archive dump" : "the priming bank";
  }
}

package org.jnvm.maven;

import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.maven.plugin.AbstractMojo;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.Parameter;
import org.jnvm.codegen.ClassDirs;
import org.jnvm.codegen.CodegenException;
import org.jnvm.codegen.Explicit;
import org.jnvm.codegen.Regeneration;

/**
 * Runs the J-NVM code generator over a directory of compiled classes, in place: every
 * {@code @Persistent} class becomes a proxy and every access to its fields is rewritten. A problem
 * fails the build with one line per class and field. Running it twice changes nothing.
 */
abstract class AbstractTransformMojo extends AbstractMojo {
  /**
   * Classes to treat as {@code @Persistent} without the annotation (binary names, optionally {@code
   * :none}, {@code :non-private} or {@code :all}), for classes whose sources are unavailable.
   */
  @Parameter(property = "jnvm.codegen.classes")
  private List<String> classes = new ArrayList<>();

  @Parameter(property = "jnvm.codegen.skip", defaultValue = "false")
  private boolean skip;

  /**
   * Where the originals of rewritten classes and the generator's stamp are kept, so that a changed
   * generator reruns over classes an incremental build did not recompile ({@link Regeneration}).
   */
  @Parameter(defaultValue = "${project.build.directory}/jnvm-codegen")
  private File stateDirectory;

  /** The directory of class files to transform (the code base). */
  abstract File directory();

  /** Where supertypes and field types are read. */
  abstract List<String> classpath();

  @Override
  public void execute() throws MojoExecutionException, MojoFailureException {
    File dir = directory();
    if (skip) {
      getLog().info("jnvm codegen skipped");
      return;
    }
    if (!dir.isDirectory()) {
      getLog().info("jnvm codegen: no classes in " + dir);
      return;
    }
    List<Path> cp = new ArrayList<>();
    for (String e : classpath()) cp.add(Path.of(e));
    try {
      Path state =
          (stateDirectory != null
                  ? stateDirectory.toPath()
                  : dir.toPath().resolveSibling("jnvm-codegen"))
              .resolve(dir.getName());
      Regeneration regen = new Regeneration(dir.toPath(), state);
      String stamp = Regeneration.generatorStamp();
      int restored = regen.restoreIfGeneratorChanged(stamp);
      if (restored > 0) {
        getLog()
            .info("jnvm codegen: generator changed, " + restored + " class(es) to transform again");
      }
      Map<Path, byte[]> before = regen.snapshot();
      ClassDirs.Report r = ClassDirs.transform(List.of(dir.toPath()), cp, Explicit.parse(classes));
      regen.record(before, stamp);
      getLog().info("jnvm codegen: " + r.summary());
    } catch (CodegenException | IllegalArgumentException e) {
      throw new MojoFailureException(e.getMessage(), e);
    } catch (IOException e) {
      throw new MojoExecutionException("jnvm codegen: " + e.getMessage(), e);
    }
  }
}

package org.jnvm.maven;

import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.maven.plugin.AbstractMojo;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.plugins.annotations.ResolutionScope;
import org.jnvm.codegen.ClassDirs;
import org.jnvm.codegen.CodegenException;
import org.jnvm.codegen.Explicit;

/**
 * Runs the J-NVM code generator over the module's compiled classes, in place: every
 * {@code @Persistent} class becomes a proxy and every access to its fields is rewritten. A problem
 * fails the build with one line per class and field. Running it twice changes nothing.
 */
@Mojo(
    name = "transform",
    defaultPhase = LifecyclePhase.PROCESS_CLASSES,
    requiresDependencyResolution = ResolutionScope.COMPILE,
    threadSafe = true)
public class TransformMojo extends AbstractMojo {
  /** The directory of class files to transform (the code base). */
  @Parameter(defaultValue = "${project.build.outputDirectory}", required = true)
  private File classesDirectory;

  /** The module's compile class path, where supertypes and field types are read. */
  @Parameter(defaultValue = "${project.compileClasspathElements}", readonly = true, required = true)
  private List<String> classpathElements;

  /**
   * Classes to treat as {@code @Persistent} without the annotation (binary names, optionally {@code
   * :none}, {@code :non-private} or {@code :all}), for classes whose sources are unavailable.
   */
  @Parameter(property = "jnvm.codegen.classes")
  private List<String> classes = new ArrayList<>();

  @Parameter(property = "jnvm.codegen.skip", defaultValue = "false")
  private boolean skip;

  @Override
  public void execute() throws MojoExecutionException, MojoFailureException {
    if (skip) {
      getLog().info("jnvm codegen skipped");
      return;
    }
    if (!classesDirectory.isDirectory()) {
      getLog().info("jnvm codegen: no classes in " + classesDirectory);
      return;
    }
    List<Path> cp = new ArrayList<>();
    for (String e : classpathElements) cp.add(Path.of(e));
    try {
      ClassDirs.Report r =
          ClassDirs.transform(List.of(classesDirectory.toPath()), cp, Explicit.parse(classes));
      getLog().info("jnvm codegen: " + r.summary());
    } catch (CodegenException e) {
      throw new MojoFailureException(e.getMessage(), e);
    } catch (IOException e) {
      throw new MojoExecutionException("jnvm codegen: " + e.getMessage(), e);
    }
  }
}

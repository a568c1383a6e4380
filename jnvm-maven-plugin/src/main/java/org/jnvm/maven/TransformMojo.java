package org.jnvm.maven;

import java.io.File;
import java.util.List;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.plugins.annotations.ResolutionScope;

/**
 * The code generator over the module's classes ({@code target/classes}), in the compile phase,
 * after the compiler.
 */
@Mojo(
    name = "transform",
    defaultPhase = LifecyclePhase.COMPILE,
    requiresDependencyResolution = ResolutionScope.COMPILE,
    threadSafe = true)
public class TransformMojo extends AbstractTransformMojo {
  /** The directory of class files to transform (the code base). */
  @Parameter(defaultValue = "${project.build.outputDirectory}", required = true)
  private File classesDirectory;

  /** The module's compile class path. */
  @Parameter(defaultValue = "${project.compileClasspathElements}", readonly = true, required = true)
  private List<String> classpathElements;

  @Override
  File directory() {
    return classesDirectory;
  }

  @Override
  List<String> classpath() {
    return classpathElements;
  }
}

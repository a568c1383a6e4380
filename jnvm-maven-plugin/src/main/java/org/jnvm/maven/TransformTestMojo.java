package org.jnvm.maven;

import java.io.File;
import java.util.List;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.plugins.annotations.ResolutionScope;

/**
 * The code generator over the module's test classes ({@code target/test-classes}), in test-compile
 * (after the compiler): for {@code @Persistent} classes declared in test sources. Test classes are
 * their own code base: they may use persistent classes of the main classes (transformed already)
 * through methods and, being compiled against them, not through fields.
 */
@Mojo(
    name = "transform-test",
    defaultPhase = LifecyclePhase.TEST_COMPILE,
    requiresDependencyResolution = ResolutionScope.TEST,
    threadSafe = true)
public class TransformTestMojo extends AbstractTransformMojo {
  @Parameter(defaultValue = "${project.build.testOutputDirectory}", required = true)
  private File testClassesDirectory;

  /** The module's test class path (the main classes included). */
  @Parameter(defaultValue = "${project.testClasspathElements}", readonly = true, required = true)
  private List<String> testClasspathElements;

  @Override
  File directory() {
    return testClassesDirectory;
  }

  @Override
  List<String> classpath() {
    return testClasspathElements;
  }
}

package org.jnvm.maven;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.util.List;
import java.util.Properties;
import org.apache.maven.plugin.AbstractMojo;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.jnvm.core.pmem.GatewayFlags;

/**
 * The JVM flags J-NVM needs on the JDK running Maven, for the JVMs the build starts (surefire's
 * {@code argLine}, exec's arguments): sets the project property {@code jnvm.flags} (space
 * separated) and writes them, one a line, to {@code target/jnvm.flags}, a java argument file
 * ({@code java @target/jnvm.flags ...}). In {@code initialize}, so every phase sees them.
 *
 * <p>Plugins read {@code ${jnvm.flags}} when they run, provided the POM does not define the
 * property itself (a POM property is substituted before any goal runs).
 */
@Mojo(name = "flags", defaultPhase = LifecyclePhase.INITIALIZE, threadSafe = true)
public class FlagsMojo extends AbstractMojo {
  /** The property set. */
  static final String PROPERTY = "jnvm.flags";

  @Parameter(defaultValue = "${project.properties}", readonly = true, required = true)
  private Properties projectProperties;

  @Parameter(defaultValue = "${project.build.directory}/jnvm.flags", required = true)
  private File argumentFile;

  @Override
  public void execute() throws MojoExecutionException {
    List<String> flags = GatewayFlags.forThisJdk();
    projectProperties.setProperty(PROPERTY, String.join(" ", flags));
    try {
      Files.createDirectories(argumentFile.toPath().getParent());
      Files.write(argumentFile.toPath(), flags);
    } catch (IOException e) {
      throw new MojoExecutionException("jnvm flags: cannot write " + argumentFile, e);
    }
    getLog().debug("jnvm.flags = " + projectProperties.getProperty(PROPERTY));
  }
}

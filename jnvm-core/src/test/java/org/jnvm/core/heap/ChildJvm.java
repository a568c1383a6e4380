package org.jnvm.core.heap;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Starts a main class in a child JVM with this JVM's class path and gateway flags. */
public final class ChildJvm {
  private ChildJvm() {}

  public static Process start(Class<?> main, List<String> jvmArgs, String... args)
      throws IOException {
    List<String> cmd = new ArrayList<>();
    cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    cmd.addAll(jvmArgs);
    cmd.add("-cp");
    cmd.add(System.getProperty("java.class.path"));
    cmd.add(main.getName());
    cmd.addAll(List.of(args));
    return new ProcessBuilder(cmd).redirectErrorStream(true).start();
  }

  /** The flags the build gives test JVMs (see the parent POM's argLine). */
  public static List<String> gatewayFlags() {
    List<String> f =
        new ArrayList<>(
            List.of(
                "--add-opens", "java.base/jdk.internal.misc=ALL-UNNAMED",
                "--add-exports", "java.base/jdk.internal.misc=ALL-UNNAMED"));
    f.addAll(List.of("--add-opens", "java.base/sun.nio.ch=ALL-UNNAMED"));
    if (Runtime.version().feature() >= 23) f.add("--sun-misc-unsafe-memory-access=allow");
    return f;
  }
}

package org.jnvm.emulation.kill;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The command line of a workload child: this JVM's java binary and class path, the gateway's flags
 * and {@code -Djnvm.backend=auto}, so that the child writes back through the real backend (the
 * intrinsics where the flags allow) whatever backend the parent runs on, e.g. the crash simulator.
 */
final class ChildCommand {
  private ChildCommand() {}

  static List<String> of(Class<?> main, List<String> jvmArgs, List<String> args) {
    requireRealBackend(jvmArgs);
    List<String> cmd = new ArrayList<>();
    cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    cmd.addAll(gatewayFlags());
    cmd.add("-Djnvm.backend=auto");
    cmd.add("-D" + KillChild.CHILD_PROPERTY + "=true");
    cmd.addAll(jvmArgs);
    cmd.add("-cp");
    cmd.add(System.getProperty("java.class.path"));
    cmd.add(main.getName());
    cmd.addAll(args);
    return cmd;
  }

  /** What the gateway needs for the writeback intrinsics (see {@code docs/gateway.md}). */
  static List<String> gatewayFlags() {
    List<String> f = new ArrayList<>();
    f.add("--add-opens=java.base/jdk.internal.misc=ALL-UNNAMED");
    f.add("--add-exports=java.base/jdk.internal.misc=ALL-UNNAMED");
    f.add("--add-opens=java.base/sun.nio.ch=ALL-UNNAMED"); // JDK 17: heaps over 2 GiB
    if (Runtime.version().feature() >= 23) f.add("--sun-misc-unsafe-memory-access=allow");
    return f;
  }

  /**
   * A kill test is about the real mapping: the crash simulator in a child would skip the real
   * write-backs it is meant to exercise.
   */
  private static void requireRealBackend(List<String> jvmArgs) {
    for (String a : jvmArgs) {
      if (a.startsWith("-Djnvm.backend=crash-sim")) {
        throw new IllegalArgumentException(
            "kill children run a real backend, not the crash simulator: jvmArg=" + a);
      }
    }
  }
}

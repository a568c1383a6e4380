package org.jnvm.ycsb;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** Whether the native libraries of the PMDK baseline are installed (bin/test installs them). */
public final class NativeLibs {
  private static final List<String> DIRS =
      List.of(
          "/usr/lib/x86_64-linux-gnu",
          "/lib/x86_64-linux-gnu",
          "/usr/lib64",
          "/usr/lib",
          "/usr/local/lib");

  private NativeLibs() {}

  /** Null if libpmemobj and libpmempool are found, else what is missing. */
  public static String pmdkMissing() {
    for (String lib : List.of("libpmemobj.so.1", "libpmempool.so.1")) {
      if (DIRS.stream().noneMatch(d -> Files.exists(Path.of(d, lib)))) {
        String m = lib + " not found in " + DIRS + " (install libpmemobj1 and libpmempool1)";
        System.out.println("[ycsb-runner test] " + m);
        return m;
      }
    }
    return null;
  }
}

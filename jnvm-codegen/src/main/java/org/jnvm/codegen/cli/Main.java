package org.jnvm.codegen.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.jnvm.codegen.ClassDirs;
import org.jnvm.codegen.CodegenException;
import org.jnvm.codegen.Explicit;

/**
 * {@code bin/jnvm codegen DIR... [--classes a.B,c.D:non-private] [--cp PATH]}: transforms the class
 * files under each DIR in place. Exit 0 done, 1 problems found (listed, nothing written), 64 bad
 * usage.
 */
public final class Main {
  private Main() {}

  public static void main(String[] args) {
    System.exit(run(args, System.out, System.err));
  }

  static int run(String[] args, PrintStream out, PrintStream err) {
    List<Path> dirs = new ArrayList<>();
    List<Path> cp = new ArrayList<>();
    List<String> classes = new ArrayList<>();
    for (int i = 0; i < args.length; i++) {
      String a = args[i];
      if ((a.equals("--classes") || a.equals("--cp")) && i + 1 < args.length) {
        if (a.equals("--classes")) classes.add(args[++i]);
        else for (String e : args[++i].split(java.io.File.pathSeparator)) cp.add(Path.of(e));
      } else if (a.equals("-h") || a.equals("--help")) {
        usage(out);
        return 0;
      } else if (a.startsWith("-")) {
        err.println("codegen: unknown option or missing value: " + a);
        usage(err);
        return 64;
      } else {
        dirs.add(Path.of(a));
      }
    }
    if (dirs.isEmpty()) {
      usage(err);
      return 64;
    }
    try {
      out.println(
          "jnvm codegen: " + ClassDirs.transform(dirs, cp, Explicit.parse(classes)).summary());
      return 0;
    } catch (CodegenException e) {
      err.println("jnvm codegen: " + e.getMessage());
      return 1;
    } catch (IOException | IllegalArgumentException e) {
      err.println("jnvm codegen: " + e.getMessage());
      return 64;
    }
  }

  private static void usage(PrintStream s) {
    s.println("usage: bin/jnvm codegen DIR... [--classes a.B,c.D[:fa]] [--cp CLASSPATH]");
    s.println("  transforms the class files under each DIR in place (the code base):");
    s.println("  @Persistent classes, and those named by --classes (fa: none, non-private, all),");
    s.println("  become proxies; every access to their fields is rewritten. --cp: where the");
    s.println("  supertypes and field types outside DIR are (J-NVM's own are always found).");
  }
}

package org.jnvm.core.cli;

import java.nio.file.Path;
import java.util.Arrays;
import org.jnvm.core.JnvmException;
import org.jnvm.core.heap.Heap;
import org.jnvm.core.heap.HeapOptions;
import org.jnvm.core.heap.VerifyReport;

/**
 * {@code jnvm info HEAP} and {@code jnvm check HEAP}: both open the heap read-only, so they never
 * change the file; a heap that cannot be opened is reported with exit status 2, a heap that opens
 * but fails verification with exit status 1.
 */
public final class Main {
  private Main() {}

  public static void main(String[] args) {
    System.exit(run(args));
  }

  static int run(String[] args) {
    if (args.length != 2 || !(args[0].equals("info") || args[0].equals("check"))) {
      System.err.println(
          "usage: jnvm info HEAP | jnvm check HEAP   (got " + Arrays.toString(args) + ")");
      return 64;
    }
    try (Heap heap = Heap.open(Path.of(args[1]), HeapOptions.DEFAULT.withReadOnly(true))) {
      if (args[0].equals("info")) {
        System.out.print(heap.describe());
        return 0;
      }
      VerifyReport r = heap.verify();
      System.out.println(heap.recoveryReport());
      System.out.println(r);
      return r.ok() ? 0 : 1;
    } catch (JnvmException e) {
      System.err.println("jnvm " + args[0] + ": " + e.getMessage());
      return 2;
    }
  }
}

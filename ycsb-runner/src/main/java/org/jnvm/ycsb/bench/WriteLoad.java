package org.jnvm.ycsb.bench;

import java.io.PrintStream;
import java.util.SplittableRandom;
import site.ycsb.DB;
import site.ycsb.Status;

/**
 * The write load a {@code --restart} child runs until its parent kills it: one client thread,
 * alternately an update of a uniformly chosen loaded key and the insert of a new key, each write
 * with the next version ({@link RestartValue}); after each write returns OK (durable, for every
 * persistent backend), its acknowledgement line {@link Acks#line} is printed and flushed.
 */
final class WriteLoad {
  /** Longer than any parent waits before its kill: a child whose parent died stops by itself. */
  private static final long MAX_NANOS = 300_000_000_000L;

  private static final long SEED = 50;

  private WriteLoad() {}

  static void run(DB db, long loaded) {
    PrintStream out = System.out;
    SplittableRandom random = new SplittableRandom(SEED);
    long next = loaded;
    long end = System.nanoTime() + MAX_NANOS;
    RestartMain.phase("writing", System.currentTimeMillis());
    for (long version = 1; System.nanoTime() < end; version++) {
      boolean insert = (version & 1) == 0;
      long key = insert ? next++ : random.nextLong(loaded);
      String name = RestartValue.key(key);
      var values = RestartMain.values(key, version);
      Status s =
          insert
              ? db.insert(RestartUnit.TABLE, name, values)
              : db.update(RestartUnit.TABLE, name, values);
      if (!s.isOk()) throw new IllegalStateException("write of " + name + " failed: " + s);
      out.println(Acks.line(key, version));
      out.flush();
      if (out.checkError()) return; // the parent is gone: nobody reads the acknowledgements
    }
  }
}

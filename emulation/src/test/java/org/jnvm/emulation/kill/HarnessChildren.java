package org.jnvm.emulation.kill;

/** Tiny children for the harness's own tests; none of them touches a heap. */
final class HarnessChildren {
  private HarnessChildren() {}

  /** Acknowledges numbers derived from the clock (increasing across rounds) until killed. */
  public static final class Ticker {
    public static void main(String[] args) throws InterruptedException {
      long base = System.currentTimeMillis() * 1_000_000;
      for (long i = 0; ; i++) {
        KillChild.ack(base + i);
        Thread.sleep(1);
      }
    }
  }

  /** Acknowledges once, then exits with status 7 before anyone kills it. */
  public static final class Quitter {
    public static void main(String[] args) {
      KillChild.ack(1);
      System.out.println("quitting on purpose");
      System.exit(7);
    }
  }

  /** Never acknowledges anything. */
  public static final class Mute {
    public static void main(String[] args) throws InterruptedException {
      System.out.println("started, saying nothing more");
      Thread.sleep(600_000);
    }
  }

  /** Acknowledges 5, then 4: a lost operation, from the harness's point of view. */
  public static final class Backwards {
    public static void main(String[] args) throws InterruptedException {
      KillChild.ack(5);
      KillChild.ack(4);
      Thread.sleep(600_000);
    }
  }

  /** Fails at start, as a workload whose recovery throws would. */
  public static final class Crasher {
    public static void main(String[] args) {
      throw new IllegalStateException("recovery refused the heap on purpose");
    }
  }
}

package org.jnvm.emulation.kill;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.Consumer;

/**
 * Process-kill torture on the real mapping. Each round:
 *
 * <ol>
 *   <li>start the workload's main class in a child JVM on the real backend ({@link ChildCommand}),
 *       with the heap path as its first argument; the child opens the heap (recovering it),
 *       recovers its own position and acknowledges operations with {@link KillChild#ack};
 *   <li>once its first ACK arrives (or its n-th of the round, see {@link Builder#acksBeforeDelay}),
 *       wait a random delay (seeded) and send SIGKILL; a child that exits on its own before the
 *       kill fails the run with its output;
 *   <li>wait for it to die and for its output to end, so that every ACK it wrote has been read;
 *   <li>call the checker with the heap path and the last acknowledged operation;
 *   <li>go on with the next round on the same heap.
 * </ol>
 *
 * Every wait has a time limit, and a child is killed (and reaped) whatever happens, so no run
 * leaves a JVM behind. The delay starts at the first ACK rather than at process start so that JVM
 * start-up, which varies with the machine's load, does not eat the rounds; recovery itself writes
 * nothing, so a kill during it would test nothing more.
 *
 * <pre>{@code
 * KillStats s = KillHarness.builder(MyWorkload.class).heap(path).rounds(20).seed(42)
 *     .minDelayMillis(50).maxDelayMillis(500)
 *     .checker((heap, lastAck) -> { ... })
 *     .run();
 * }</pre>
 */
public final class KillHarness {
  /** The exit status the JDK reports on Linux for a child killed by signal 9: 128 + 9. */
  static final int KILLED = 128 + 9;

  private final Builder b;
  private final Random random;
  private final List<Long> acksPerRound = new ArrayList<>();
  private long lastAck = Long.MIN_VALUE;
  private String childBackend = "";
  private String lastOutput = "";

  private KillHarness(Builder b) {
    this.b = b;
    this.random = new Random(b.seed);
  }

  /**
   * A harness for {@code workloadMain}, whose {@code main(heapPath, args...)} runs until killed.
   */
  public static Builder builder(Class<?> workloadMain) {
    return new Builder(workloadMain);
  }

  private KillStats run() throws IOException, InterruptedException {
    long t0 = System.nanoTime();
    List<String> args = new ArrayList<>(List.of(b.heap.toString()));
    args.addAll(b.args);
    List<String> command = ChildCommand.of(b.main, b.jvmArgs, args);
    for (int r = 1; r <= b.rounds; r++) {
      round(r, command);
      check(r);
      b.progress.accept(
          String.format(
              "[kill] round %d/%d: %d acks, last %d",
              r, b.rounds, acksPerRound.get(r - 1), lastAck));
    }
    long ms = (System.nanoTime() - t0) / 1_000_000;
    return new KillStats(b.rounds, acksPerRound, lastAck, b.seed, ms, childBackend);
  }

  /** Starts a child, kills it after its first ACKs and a random delay, and reads all its ACKs. */
  private void round(int r, List<String> command) throws IOException, InterruptedException {
    long delay = b.minDelayMillis + random.nextInt(b.maxDelayMillis - b.minDelayMillis + 1);
    try (ChildProcess child = ChildProcess.start(command, lastAck)) {
      awaitFirstAck(r, child);
      if (child.exitsWithin(delay)) {
        throw failure(r, child, "child exited on its own before the kill: exit=" + end(child));
      }
      child.kill();
      int exit = end(child);
      if (exit != KILLED) throw failure(r, child, "child was not killed by SIGKILL: exit=" + exit);
      if (child.protocolError() != null) throw failure(r, child, child.protocolError());
      acksPerRound.add(child.acks());
      lastAck = child.lastAck();
      lastOutput = child.tail();
      if (childBackend.isEmpty()) childBackend = child.backendLine();
    }
  }

  private void awaitFirstAck(int r, ChildProcess child) throws InterruptedException {
    if (child.awaitAcks(b.acksBeforeDelay, b.startTimeout)) return;
    if (child.isAlive()) {
      String what =
          b.acksBeforeDelay == 1 ? "no ACK" : child.acks() + " of " + b.acksBeforeDelay + " ACKs";
      throw failure(r, child, what + " within " + b.startTimeout.toMillis() + " ms");
    }
    if (child.acks() > 0) {
      throw failure(r, child, "child ended after " + child.acks() + " ACKs: exit=" + end(child));
    }
    throw failure(r, child, "child ended before its first ACK: exit=" + end(child));
  }

  private int end(ChildProcess child) throws InterruptedException {
    return child.awaitEnd(b.exitTimeout);
  }

  private void check(int r) {
    try {
      b.checker.check(b.heap, lastAck);
    } catch (Exception | AssertionError e) {
      throw new KillHarnessException(
          "check failed after round "
              + r
              + ": "
              + e.getMessage()
              + context(r)
              + "\nchild output:\n"
              + lastOutput,
          e);
    }
  }

  private KillHarnessException failure(int r, ChildProcess child, String what) {
    return new KillHarnessException(
        what + " (pid " + child.pid() + ")" + context(r) + "\nchild output:\n" + child.tail());
  }

  private String context(int r) {
    return " [round "
        + r
        + "/"
        + b.rounds
        + ", seed="
        + b.seed
        + ", lastAck="
        + lastAck
        + ", workload="
        + b.main.getName()
        + ", heap="
        + b.heap
        + "]";
  }

  /** Configuration of a run; {@link #heap} and {@link #checker} are required. */
  public static final class Builder {
    private final Class<?> main;
    private Path heap;
    private final List<String> args = new ArrayList<>();
    private final List<String> jvmArgs = new ArrayList<>();
    private int rounds = 20;
    private long seed = new Random().nextLong();
    private int minDelayMillis = 100;
    private int maxDelayMillis = 1_000;
    private long acksBeforeDelay = 1;
    private Duration startTimeout = Duration.ofSeconds(60);
    private Duration exitTimeout = Duration.ofSeconds(30);
    private KillChecker checker;
    private Consumer<String> progress = line -> {};

    private Builder(Class<?> main) {
      this.main = main;
    }

    /** The heap file, passed to the child as its first argument. */
    public Builder heap(Path heap) {
      this.heap = heap;
      return this;
    }

    /** More arguments for the child, after the heap path. */
    public Builder args(String... more) {
      args.addAll(List.of(more));
      return this;
    }

    /** More JVM options for the child (not {@code -Djnvm.backend=crash-sim}). */
    public Builder jvmArgs(String... more) {
      jvmArgs.addAll(List.of(more));
      return this;
    }

    public Builder rounds(int n) {
      this.rounds = n;
      return this;
    }

    /** The seed of the kill delays (random by default; reported in stats and failures). */
    public Builder seed(long s) {
      this.seed = s;
      return this;
    }

    /** The shortest delay between the child's first ACK and its kill. */
    public Builder minDelayMillis(int ms) {
      this.minDelayMillis = ms;
      return this;
    }

    /** The longest delay between the child's first ACK and its kill. */
    public Builder maxDelayMillis(int ms) {
      this.maxDelayMillis = ms;
      return this;
    }

    /**
     * The ACKs a child must print in its round before the kill delay starts (default 1): a test
     * that needs each round to get somewhere (a growth step, say) waits for it here, with {@link
     * #startTimeout} as the bound, instead of hoping that the delay is long enough on a busy
     * machine.
     */
    public Builder acksBeforeDelay(long n) {
      this.acksBeforeDelay = n;
      return this;
    }

    /** How long a child may take to print its first ACKs (JVM start and recovery included). */
    public Builder startTimeout(Duration d) {
      this.startTimeout = d;
      return this;
    }

    /** How long a killed child may take to die and close its output. */
    public Builder exitTimeout(Duration d) {
      this.exitTimeout = d;
      return this;
    }

    public Builder checker(KillChecker c) {
      this.checker = c;
      return this;
    }

    /** Receives one line per round (default: nothing). */
    public Builder progress(Consumer<String> p) {
      this.progress = p;
      return this;
    }

    /** Runs every round; throws {@link KillHarnessException} at the first failure. */
    public KillStats run() throws IOException, InterruptedException {
      validate();
      return new KillHarness(this).run();
    }

    private void validate() {
      if (heap == null) throw new IllegalStateException("kill harness needs a heap path");
      if (checker == null) throw new IllegalStateException("kill harness needs a checker");
      if (rounds < 1) throw new IllegalArgumentException("rounds must be >= 1: rounds=" + rounds);
      if (acksBeforeDelay < 1) {
        throw new IllegalArgumentException("acksBeforeDelay must be >= 1: " + acksBeforeDelay);
      }
      if (minDelayMillis < 0 || maxDelayMillis < minDelayMillis) {
        throw new IllegalArgumentException(
            "kill delays must satisfy 0 <= min <= max: min="
                + minDelayMillis
                + " max="
                + maxDelayMillis);
      }
    }
  }
}

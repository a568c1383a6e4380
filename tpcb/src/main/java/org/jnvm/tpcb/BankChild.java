package org.jnvm.tpcb;

import java.io.BufferedReader;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * The bank JVM the driver starts, kills and restarts: {@code run} starts the cache (recovering and
 * preloading), loads the bank if needed and runs transactions until a line {@code STOP} (or the end
 * of its standard input: the driver is gone); {@code check} verifies the bank against the
 * transactions the driver saw commit; {@code prime} runs a small bank of each backend once, so that
 * {@link ClassSharing} learns which classes a bank JVM loads. Speaks {@link Protocol} on standard
 * output.
 */
@Command(
    name = "bank",
    subcommands = {BankChild.Run.class, BankChild.Check.class, BankChild.Prime.class})
final class BankChild {
  /** Options both subcommands share. */
  static class Common {
    @Option(names = "--backend", required = true)
    String backend;

    @Option(names = "--dir", required = true)
    Path dir;

    @Option(names = "--scale", defaultValue = "1")
    int scale;

    @Option(names = "--accounts-per-branch", defaultValue = "100000")
    int accountsPerBranch;

    @Option(names = "--heap-bytes", defaultValue = "536870912")
    long heapBytes;

    @Option(names = "--preload", defaultValue = "AUTO")
    Preload preload;

    BankShape shape() {
      return new BankShape(scale, accountsPerBranch);
    }

    BankCache start(Protocol p) {
      BankCache bank = BankCache.start(TpcbBackends.byName(backend), dir, heapBytes, preload);
      p.phase("ready", bank.recoveryNanos());
      return bank;
    }
  }

  @Command(name = "run")
  static final class Run extends Common implements Callable<Integer> {
    @Option(names = "--threads", defaultValue = "1")
    int threads;

    @Option(
        names = "--epoch",
        defaultValue = "0",
        description = "run number: txids are epoch<<40|n")
    long epoch;

    @Override
    public Integer call() throws Exception {
      Protocol p = new Protocol();
      p.phase("main");
      try (BankCache bank = start(p)) {
        boolean loaded = Population.ensure(bank, shape());
        p.phase("loaded", loaded ? 1 : 0);
        AtomicBoolean stop = new AtomicBoolean();
        watchStdin(stop);
        long aborts = runTellers(bank, p, stop);
        p.line("ABORTS " + aborts);
      }
      p.phase("done");
      p.flush();
      return 0;
    }

    private long runTellers(BankCache bank, Protocol p, AtomicBoolean stop) throws Exception {
      Transfer transfer = new Transfer(bank, shape());
      AtomicLong next = new AtomicLong(epoch << 40);
      AtomicLong aborts = new AtomicLong();
      AtomicBoolean first = new AtomicBoolean();
      List<Thread> tellers = new ArrayList<>();
      for (int t = 0; t < threads; t++) {
        SplittableRandom rnd = new SplittableRandom(System.nanoTime() ^ (31L * t));
        Thread th =
            new Thread(() -> loop(transfer, rnd, next, p, stop, first, aborts), "teller-" + t);
        tellers.add(th);
        th.start();
      }
      for (Thread th : tellers) th.join();
      return aborts.get();
    }

    private static void loop(
        Transfer transfer,
        SplittableRandom rnd,
        AtomicLong next,
        Protocol p,
        AtomicBoolean stop,
        AtomicBoolean first,
        AtomicLong aborts) {
      while (!stop.get()) {
        long txid = next.getAndIncrement();
        try {
          transfer.run(txid, transfer.draw(rnd));
        } catch (Exception e) {
          if (aborts.incrementAndGet() <= 3)
            System.err.println("transaction " + txid + " failed: " + e);
          continue;
        }
        p.ack(txid);
        if (first.compareAndSet(false, true)) p.phase("first");
      }
    }

    private static void watchStdin(AtomicBoolean stop) {
      Thread t =
          new Thread(
              () -> {
                try (BufferedReader r =
                    new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8))) {
                  String line;
                  while ((line = r.readLine()) != null && !line.equals("STOP")) {
                    // only STOP means something
                  }
                } catch (IOException ignored) {
                  // the driver is gone: stop as for STOP
                }
                stop.set(true);
              },
              "tpcb-stdin");
      t.setDaemon(true);
      t.start();
    }
  }

  @Command(name = "check")
  static final class Check extends Common implements Callable<Integer> {
    @Option(names = "--acked", required = true, description = "file of the acknowledged txids")
    Path acked;

    @Override
    public Integer call() throws Exception {
      Protocol p = new Protocol();
      p.phase("main");
      Consistency.Outcome o;
      try (BankCache bank = start(p)) {
        o = Consistency.check(shape(), bank.cache().entrySet(), readAcked(acked));
      }
      for (String v : o.shown()) p.line("CHECK violation " + v);
      p.line("CHECK history " + o.historyRecords());
      p.line("CHECK result " + (o.ok() ? "OK" : "FAIL") + " " + o.violations());
      p.flush();
      return 0;
    }
  }

  @Command(name = "prime")
  static final class Prime implements Callable<Integer> {
    private static final BankShape SHAPE = new BankShape(1, 1000);
    private static final int TRANSACTIONS = 3000;

    @Option(names = "--backends", split = ",", required = true)
    List<String> backends;

    @Option(names = "--dir", required = true)
    Path dir;

    /** Loads, runs and checks a small bank on each backend: the code paths of run and check. */
    @Override
    public Integer call() throws Exception {
      for (String b : backends) {
        try (BankCache bank =
            BankCache.start(TpcbBackends.byName(b), dir.resolve(b), 64L << 20, Preload.AUTO)) {
          Population.ensure(bank, SHAPE);
          Transfer t = new Transfer(bank, SHAPE);
          SplittableRandom rnd = new SplittableRandom(7);
          for (int i = 0; i < TRANSACTIONS; i++) t.run(i, t.draw(rnd));
          Consistency.check(SHAPE, bank.cache().entrySet(), new long[0]);
        }
      }
      return 0;
    }
  }

  /** Reads a file of big-endian longs. */
  static long[] readAcked(Path file) throws IOException {
    long n = Files.size(file) / Long.BYTES;
    long[] ids = new long[Math.toIntExact(n)];
    try (DataInputStream in =
        new DataInputStream(new java.io.BufferedInputStream(Files.newInputStream(file)))) {
      for (int i = 0; i < ids.length; i++) ids[i] = in.readLong();
    }
    return ids;
  }

  public static void main(String[] args) {
    System.exit(new CommandLine(new BankChild()).execute(args));
  }
}

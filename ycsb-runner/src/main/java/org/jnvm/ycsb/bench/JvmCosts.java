package org.jnvm.ycsb.bench;

import com.sun.management.GarbageCollectionNotificationInfo;
import java.io.IOException;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import javax.management.Notification;
import javax.management.NotificationEmitter;
import javax.management.openmbean.CompositeData;

/**
 * What the Java heap and its collector cost this JVM, from the JVM's own management beans: pause
 * time and the longest pause of a phase, the heap live after a full collection, and the process's
 * resident memory; and from the kernel, the page faults of a phase (memory touched first then).
 * Volatile Infinispan keeps its data on the Java heap and J-NVM keeps it in NVMM: these figures put
 * both costs in the report.
 *
 * <p>Pauses: every collector bean but the concurrent-cycle ones ({@code ZGC Cycles}, {@code
 * Shenandoah Cycles}, ...), whose time is wall time of work running beside the application, not a
 * pause: it is counted apart ({@link Phase#cycleMillis}). Neither is the collector's CPU: on 2
 * cores a concurrent collector takes it from the application, which only the throughput shows.
 */
final class JvmCosts {
  /**
   * What one phase cost. {@code minorFaults}: the page faults the kernel served without a disk read
   * (-1 off Linux), nearly all of them a page this process touched for the first time: the Java
   * heap reaching memory it never used, a J-NVM heap file's new pages. Each costs a page clear, and
   * on a virtual machine whose host backs guest memory at first touch, several microseconds more.
   */
  record Phase(
      double seconds,
      long pauseMillis,
      long pauses,
      long longestPauseMillis,
      long cycleMillis,
      long minorFaults) {}

  /** Resident memory of the process: all of it, and the part mapped from shared memory. */
  record Resident(long rssMb, long shmMb) {
    static final Resident UNKNOWN = new Resident(-1, -1);
  }

  /** {@code minflt}'s field number in {@code /proc/PID/stat} (pid is 1, comm 2, state 3). */
  private static final int MINFLT_FIELD = 10;

  private final List<GarbageCollectorMXBean> pauseBeans;
  private final List<GarbageCollectorMXBean> cycleBeans;
  private final AtomicLong longest = new AtomicLong();
  private long startNanos;
  private long startMillis;
  private long startCount;
  private long startCycles;
  private long startFaults;

  JvmCosts() {
    pauseBeans =
        ManagementFactory.getGarbageCollectorMXBeans().stream()
            .filter(b -> isPause(b.getName()))
            .toList();
    cycleBeans =
        ManagementFactory.getGarbageCollectorMXBeans().stream()
            .filter(b -> !isPause(b.getName()))
            .toList();
    for (GarbageCollectorMXBean b : pauseBeans) {
      if (b instanceof NotificationEmitter e) e.addNotificationListener(this::onGc, null, null);
    }
    start();
  }

  /** True for a collector bean whose time is pause time (not a concurrent cycle's). */
  static boolean isPause(String beanName) {
    return !beanName.contains("Cycles");
  }

  private void onGc(Notification n, Object handback) {
    if (!n.getType().equals(GarbageCollectionNotificationInfo.GARBAGE_COLLECTION_NOTIFICATION)) {
      return;
    }
    var info = GarbageCollectionNotificationInfo.from((CompositeData) n.getUserData());
    if (!isPause(info.getGcName())) return;
    longest.accumulateAndGet(info.getGcInfo().getDuration(), Math::max);
  }

  /** Starts a phase: its pauses are counted from now. */
  void start() {
    startNanos = System.nanoTime();
    startMillis = pauseMillis();
    startCount = pauseCount();
    startCycles = sum(cycleBeans);
    startFaults = minorFaults();
    longest.set(0);
  }

  /** Ends the phase begun by the last {@link #start}. */
  Phase end() {
    return new Phase(
        (System.nanoTime() - startNanos) / 1e9,
        pauseMillis() - startMillis,
        pauseCount() - startCount,
        longest.get(),
        sum(cycleBeans) - startCycles,
        faultsSince(startFaults));
  }

  /** Minor faults since a count of {@code start}: -1 if either count is unknown. */
  private static long faultsSince(long start) {
    long now = minorFaults();
    return start < 0 || now < 0 ? -1 : now - start;
  }

  private long pauseMillis() {
    return sum(pauseBeans);
  }

  private static long sum(List<GarbageCollectorMXBean> beans) {
    long t = 0;
    for (GarbageCollectorMXBean b : beans) t += Math.max(0, b.getCollectionTime());
    return t;
  }

  private long pauseCount() {
    long n = 0;
    for (GarbageCollectorMXBean b : pauseBeans) n += Math.max(0, b.getCollectionCount());
    return n;
  }

  /**
   * The Java heap in use after a full collection (two, so that objects a finalizer or a cleaner
   * released are gone too), in MiB: the live set.
   */
  static long liveHeapMb() {
    System.gc();
    System.gc();
    return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed() >> 20;
  }

  /** This process's resident memory ({@code /proc/self/status}), or unknown off Linux. */
  static Resident resident() {
    try {
      return parseStatus(Files.readAllLines(Path.of("/proc/self/status")));
    } catch (IOException | RuntimeException e) {
      return Resident.UNKNOWN;
    }
  }

  /** This process's minor page faults so far ({@code /proc/self/stat}), or -1 off Linux. */
  static long minorFaults() {
    try {
      return parseMinorFaults(Files.readString(Path.of("/proc/self/stat")));
    } catch (IOException | RuntimeException e) {
      return -1;
    }
  }

  /**
   * Field 10 of {@code /proc/PID/stat} ({@code minflt}); the fields are counted after the command
   * name's closing parenthesis, since the name itself may hold spaces and parentheses.
   */
  static long parseMinorFaults(String stat) {
    int name = stat.lastIndexOf(')');
    String[] after = name < 0 ? new String[0] : stat.substring(name + 1).trim().split(" ");
    int at = MINFLT_FIELD - 3; // the first field after the name is the state, field 3
    if (after.length <= at || !after[at].matches("[0-9]+")) {
      throw new IllegalArgumentException("no minflt (field 10) in /proc stat: " + stat);
    }
    return Long.parseLong(after[at]);
  }

  static Resident parseStatus(List<String> lines) {
    long rss = -1;
    long shm = -1;
    for (String l : lines) {
      if (l.startsWith("VmRSS:")) rss = kb(l) >> 10;
      if (l.startsWith("RssShmem:")) shm = kb(l) >> 10;
    }
    return new Resident(rss, shm);
  }

  private static long kb(String line) {
    return Long.parseLong(line.replaceAll("[^0-9]", ""));
  }
}

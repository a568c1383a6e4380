package org.jnvm.server;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Optional;

/**
 * Whether a node's server JVM is running, told from its root alone, whoever started it: the server
 * holds an OS lock on its global state's lock file ({@code data/___global.lck}, Infinispan's {@code
 * GlobalStateManager}) for as long as it runs, and the launcher writes the JVM's pid to {@code
 * node.pid} beside {@code data}.
 *
 * <p>The lock is what makes a second start of a running node refusable before its JVM exists: a
 * second server JVM over the same root would first join the cluster's JGroups view under the
 * running node's name and only then fail on that lock (Infinispan 15.2 with a {@code
 * NullPointerException}).
 */
final class NodeProcess {
  static final String PID_FILE = "node.pid";
  static final String GLOBAL_LOCK = "___global.lck";

  private NodeProcess() {}

  /** True when a live process holds the global state lock of the node rooted at {@code root}. */
  static boolean locked(Path root) {
    Path lock = root.resolve("data").resolve(GLOBAL_LOCK);
    try (FileChannel ch = FileChannel.open(lock, StandardOpenOption.WRITE)) {
      FileLock l = ch.tryLock();
      if (l == null) return true;
      l.release();
      return false;
    } catch (NoSuchFileException e) {
      return false; // never started, or stopped cleanly (the server deletes it)
    } catch (OverlappingFileLockException e) {
      return true; // held in this JVM: an embedded node of a test
    } catch (IOException e) {
      throw new UncheckedIOException("cannot probe the lock " + lock + ": " + e, e);
    }
  }

  /** Records the pid of the node's server JVM. */
  static void writePid(Path root, long pid) {
    try {
      Files.writeString(root.resolve(PID_FILE), pid + "\n", StandardCharsets.US_ASCII);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write " + root.resolve(PID_FILE) + ": " + e, e);
    }
  }

  /**
   * The live server JVM of the node rooted at {@code root}: the recorded pid, if that process is
   * alive and its command line names this root (a recycled pid is not taken for the node).
   */
  static Optional<ProcessHandle> live(Path root) {
    Path f = root.resolve(PID_FILE);
    long pid;
    try {
      pid = Long.parseLong(Files.readString(f, StandardCharsets.US_ASCII).trim());
    } catch (NoSuchFileException | NumberFormatException e) {
      return Optional.empty();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + f + ": " + e, e);
    }
    String rootArg = root.toAbsolutePath().toString();
    return ProcessHandle.of(pid)
        .filter(ProcessHandle::isAlive)
        .filter(p -> p.info().commandLine().map(c -> c.contains(rootArg)).orElse(true));
  }
}
